// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "figures/language.h"
#include "figures/training_lab.h"
#include "tests/test_support.h"
#include "ui/explorer_state.h"
#include "ui/layer_strip.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"

#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <qcustomplot.h>

// What is checked: the layer strip (per-layer RoPE of a loaded model), the NoPE layer's reason
// instead of a plot, and the doctor panel following the loaded model. Independent expected
// values: Gemma 3's published config (rope_theta 1e6 with linear ×8 on every 6th layer, counted
// from 1; rope_local_base_freq 1e4 on the others; transformers' Gemma3TextConfig layer_types
// rule). The panels' figure data (M-RoPE, KV cache, p-RoPE) is tested without widgets in
// tests/figures/tst_modern_figure_data.cpp.
namespace {

// Gemma 3 4B's text config with the class defaults written out (published values).
const char* kGemma3Config = R"({
  "model_type": "gemma3_text",
  "head_dim": 256, "hidden_size": 2560, "num_attention_heads": 8,
  "num_hidden_layers": 34, "max_position_embeddings": 131072,
  "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0,
  "sliding_window_pattern": 6,
  "rope_scaling": {"rope_type": "linear", "factor": 8.0}
})";

} // namespace

class TestModernPanels : public QObject {
    Q_OBJECT

private slots:
    void layerStripPicksGemma3Layers() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kGemma3Config);
        file.close();
        rope::ui::MainWindow window(nullptr, false);
        QVERIFY(window.openModelConfigFile(path));
        rope::ui::LayerStrip& strip = window.layerStrip();
        QVERIFY(strip.isMixed());
        QCOMPARE(static_cast<int>(strip.layers().size()), 34);
        QVERIFY(!strip.isHidden());

        // Layer 5 (the 6th) is global: b = 1e6, linear ×8, over the whole head of 256.
        QVERIFY(strip.selectLayer(5));
        rope::RopeParams p = window.state().params();
        QCOMPARE(p.base, 1e6);
        QCOMPARE(p.scaling.method, rope::ScalingKind::Linear);
        QCOMPARE(p.scaling.factor, 8.0);
        QCOMPARE(p.effectiveRotaryDim(), 256);
        QCOMPARE(window.state().layer(), 5);
        // The extension panel compares with the local layers: b = 1e4, no factor.
        rope::ui::FigurePanel* ext = window.panel(QStringLiteral("extension"));
        QCOMPARE(ext->options().value(QStringLiteral("compare-base")).toDouble(), 1e4);
        QVERIFY(!ext->options().contains(QStringLiteral("compare-factor")));

        // Layer 6 is local: b = 1e4, no scaling.
        QVERIFY(strip.selectLayer(6));
        p = window.state().params();
        QCOMPARE(p.base, 1e4);
        QCOMPARE(p.scaling.method, rope::ScalingKind::Default);
        QCOMPARE(p.effectiveRotaryDim(), 256);
        QCOMPARE(ext->options().value(QStringLiteral("compare-base")).toDouble(), 1e6);
        QCOMPARE(ext->options().value(QStringLiteral("compare-factor")).toDouble(), 8.0);
        // Cells 5, 11, …, 29 share the global colour; the checked cell follows the choice.
        QCOMPARE(strip.kindOf(5), strip.kindOf(11));
        QVERIFY(strip.kindOf(5) != strip.kindOf(6));
        auto* cell = strip.findChild<QToolButton*>(QStringLiteral("layer-6"));
        QVERIFY(cell != nullptr && cell->isChecked());
    }

    void noPeLayerShowsAReasonInsteadOfAPlot() {
        // SmolLM3-style: every 4th layer (counted from 1) has no RoPE.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"model_type": "smollm3", "hidden_size": 2048, "num_attention_heads": 16,
                       "num_hidden_layers": 8, "rope_theta": 5000000.0,
                       "max_position_embeddings": 65536, "no_rope_layer_interval": 4})");
        file.close();
        rope::ui::MainWindow window(nullptr, false);
        QVERIFY(window.openModelConfigFile(path));
        rope::ui::LayerStrip& strip = window.layerStrip();
        QVERIFY(strip.isMixed());
        QCOMPARE(strip.kindOf(3), -1);
        QCOMPARE(strip.kindOf(7), -1);
        QCOMPARE(strip.kindOf(0), 0);
        rope::ui::FigurePanel* heat = window.panel(QStringLiteral("heatmap"));
        QVERIFY(strip.selectLayer(3));
        QVERIFY(!window.state().layerHasRope());
        QVERIFY(!heat->layerNote()->isHidden());
        QVERIFY(heat->layerNote()->text().contains(QStringLiteral("no RoPE")));
        QVERIFY(heat->plot()->isHidden());
        QVERIFY(strip.selectLayer(2));
        QVERIFY(heat->layerNote()->isHidden());
        QVERIFY(!heat->plot()->isHidden());
        QCOMPARE(window.state().params().base, 5e6);
    }

    void uniformModelHidesTheStrip() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                       "num_hidden_layers": 32, "rope_theta": 10000.0,
                       "max_position_embeddings": 4096})");
        file.close();
        rope::ui::MainWindow window(nullptr, false);
        QVERIFY(window.openModelConfigFile(path));
        QVERIFY(!window.layerStrip().isMixed());
        QVERIFY(window.layerStrip().isHidden());
        QCOMPARE(window.state().layer(), -1);
        QVERIFY(window.state().layerHasRope());
    }

    void doctorFollowsTheLoadedModel() {
        // Opening a model hands its file to the doctor panel, which checks it on its worker: at
        // 8192 tokens Llama 2's 4096 positions give the context error; a preset from the Model
        // menu replaces the file by its id.
        rope::ui::MainWindow window(nullptr, false);
        const QString path = qEnvironmentVariable("ROPE_SOURCE_DIR") +
                             QStringLiteral("/tests/data/configs/llama-2-7b.json");
        QVERIFY(window.openModelConfigFile(path));
        rope::ui::FigurePanel* doctor = window.panel(QStringLiteral("doctor"));
        QVERIFY(doctor != nullptr);
        QCOMPARE(doctor->options().value(QStringLiteral("model")).toString(), path);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showPanel(QStringLiteral("doctor")));
        doctor->setOption(QStringLiteral("context"), 8192);
        QTRY_VERIFY_WITH_TIMEOUT(!doctor->busy(), 20000);
        QVERIFY2(doctor->data().caption.contains(QStringLiteral("[context-beyond-trained]")),
                 qPrintable(doctor->data().caption));
        for (QAction* action : window.findChildren<QAction*>()) {
            if (action->text() == QStringLiteral("Llama 3.1 8B (llama3 scaling)")) {
                action->trigger();
                break;
            }
        }
        QCOMPARE(doctor->options().value(QStringLiteral("model")).toString(),
                 QStringLiteral("llama-3.1-8b"));
    }

    void trainingLabTrainsOnlyWhenAsked() {
        // The training lab shows what Train would run and trains nothing until Train is
        // pressed; "curve" only redraws; a race option goes back to "press Train"; pressing
        // Train for a race already trained draws it again from the kept runs.
        using rope::ui::FigurePanel;
        rope::ui::MainWindow window(nullptr, false);
        FigurePanel* lab = window.panel(QStringLiteral("training-lab"));
        QVERIFY(lab != nullptr);
        const QString run = QStringLiteral("run");
        const auto hasSeries = [lab](const char* id) {
            for (const auto& s : lab->data().series) {
                if (s.id == QLatin1String(id)) {
                    return true;
                }
            }
            return false;
        };
        // A tiny race: one scheme, one seed, a one-layer d_model 16 model, 10 steps.
        lab->setOptions({{QStringLiteral("schemes"), QStringLiteral("rope")},
                         {QStringLiteral("seeds"), 1},
                         {QStringLiteral("steps"), 10},
                         {QStringLiteral("length"), 8},
                         {QStringLiteral("d-model"), QStringLiteral("16")},
                         {QStringLiteral("layers"), 1}});
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showPanel(QStringLiteral("training-lab")));
        QTRY_VERIFY_WITH_TIMEOUT(!lab->busy(), 20000);
        QVERIFY(lab->data().series.empty());
        QCOMPARE(lab->data().labels.size(), std::size_t{1});
        QVERIFY(lab->data().labels[0].text.contains(QStringLiteral("Press Train")));
        auto* train = lab->findChild<QPushButton*>(QStringLiteral("training-lab-train"));
        auto* status = lab->findChild<QLabel*>(QStringLiteral("training-lab-status"));
        QVERIFY(train != nullptr && status != nullptr);
        QVERIFY(train->isEnabled());
        // "run" from anything but Train (a restored session) is turned off again.
        lab->setOption(run, true);
        QVERIFY(!lab->options().value(run).toBool());

        QTest::mouseClick(train, Qt::LeftButton);
        QVERIFY(lab->options().value(run).toBool());
        QVERIFY(!train->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!lab->busy() && hasSeries("accuracy-rope-mean"), 120000);
        QCOMPARE(lab->jobState(), FigurePanel::JobState::Idle);
        QVERIFY(status->text().startsWith(QStringLiteral("Trained")));
        const int started = lab->measurementsStarted();
        const auto* trained =
            dynamic_cast<const rope::figures::TrainingLabResult*>(lab->jobResult());
        QVERIFY(trained != nullptr && trained->runs.size() == 1);
        const std::shared_ptr<const rope::figures::TrainingLabRun> firstRun = trained->runs[0];

        lab->setOption(QStringLiteral("curve"), QStringLiteral("loss"));
        QVERIFY(lab->options().value(run).toBool());
        QTRY_VERIFY_WITH_TIMEOUT(!lab->busy() && hasSeries("loss-rope-mean"), 20000);
        QCOMPARE(lab->measurementsStarted(), started); // a redraw, no training

        lab->setOption(QStringLiteral("steps"), 11);
        QVERIFY(!lab->options().value(run).toBool());
        QTRY_VERIFY_WITH_TIMEOUT(!lab->busy() && lab->data().series.empty(), 20000);
        QVERIFY(train->isEnabled());
        QVERIFY(status->text().isEmpty());

        lab->setOption(QStringLiteral("steps"), 10);
        QTest::mouseClick(train, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!lab->busy() && hasSeries("loss-rope-mean"), 20000);
        const auto* result =
            dynamic_cast<const rope::figures::TrainingLabResult*>(lab->jobResult());
        QVERIFY(result != nullptr && result->complete);
        QCOMPARE(result->runs.size(), std::size_t{1});
        QCOMPARE(result->runs[0], firstRun); // kept, not trained again
    }

    void trainingLabGrabs() {
        // The lab before and after Train at 1280×800 in every language, for a look at the
        // layout (ROPE_LAB_GRAB_DIR: where the PNGs go).
        const QString dir = qEnvironmentVariable("ROPE_LAB_GRAB_DIR");
        if (dir.isEmpty()) {
            QSKIP("set ROPE_LAB_GRAB_DIR to write the grabs");
        }
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY(rope::figures::installLanguage(language));
            rope::ui::MainWindow window(nullptr, false);
            window.resize(1280, 800);
            rope::ui::FigurePanel* lab = window.panel(QStringLiteral("training-lab"));
            QVERIFY(lab != nullptr);
            lab->setOptions({{QStringLiteral("schemes"), QStringLiteral("rope,learned,nope")},
                             {QStringLiteral("seeds"), 2},
                             {QStringLiteral("steps"), 40},
                             {QStringLiteral("length"), 16},
                             {QStringLiteral("d-model"), QStringLiteral("16")},
                             {QStringLiteral("layers"), 1}});
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.showPanel(QStringLiteral("training-lab")));
            QTRY_VERIFY_WITH_TIMEOUT(!lab->busy(), 20000);
            QTest::qWait(300);
            QVERIFY(window.grab().save(QStringLiteral("%1/lab-%2-untrained.png").arg(dir, language)));
            QTest::mouseClick(lab->findChild<QPushButton*>(QStringLiteral("training-lab-train")),
                              Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(lab->jobState() == rope::ui::FigurePanel::JobState::Running,
                                     10000);
            QTest::qWait(1500);
            QVERIFY(window.grab().save(QStringLiteral("%1/lab-%2-training.png").arg(dir, language)));
            QTRY_VERIFY_WITH_TIMEOUT(!lab->busy() && !lab->data().series.empty(), 300000);
            QTest::qWait(300);
            QVERIFY(window.grab().save(QStringLiteral("%1/lab-%2-trained.png").arg(dir, language)));
        }
        QVERIFY(rope::figures::installLanguage(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestModernPanels)
#include "tst_modern_panels.moc"
