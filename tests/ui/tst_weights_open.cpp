// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Opening a model's weights in the GUI: the probe runs on the compute pool and hands the folder
// to the caller; a folder without a model shows its reason and never calls back; the Hugging
// Face cache dialog lists the snapshots that have safetensors weights; the main window's File
// menu action puts the folder into the weights panel; closing the window stops a read.
// ROPE_WEIGHTS_GRAB=DIR saves the dialog and the panel as PNG files for looking at them.
#include "../io/safetensors_writer.h"
#include "io/weights_probe.h"
#include "ui/compute_pool.h"
#include "ui/job_runner.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/weights_open.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QMessageBox>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <QtTest>

class TestWeightsOpen : public QObject {
    Q_OBJECT
private:
    // 400 layers of small q/k tensors: 800 reads, each followed by a look at the cancel.
    static void writeManyLayerModel(const QString& folder) {
        QFile config(QDir(folder).filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write("{\"model_type\": \"llama\", \"hidden_size\": 32, "
                     "\"num_attention_heads\": 2, \"num_key_value_heads\": 1, \"head_dim\": 16, "
                     "\"num_hidden_layers\": 400, \"rope_theta\": 10000.0}");
        config.close();
        safetensors_test::Writer w;
        for (int l = 0; l < 400; ++l) {
            w.f32(QStringLiteral("model.layers.%1.self_attn.q_proj.weight").arg(l), {32, 32},
                  std::vector<float>(32 * 32, 1.0f));
            w.f32(QStringLiteral("model.layers.%1.self_attn.k_proj.weight").arg(l), {16, 32},
                  std::vector<float>(16 * 32, 1.0f));
        }
        QFile model(QDir(folder).filePath(QStringLiteral("model.safetensors")));
        QVERIFY(model.open(QIODevice::WriteOnly));
        QVERIFY(model.write(w.bytes()) > 0);
        model.close();
    }

private slots:
    void loadsTheSyntheticModelOffTheGuiThread() {
        QWidget parent;
        QString got;
        rope::ui::loadWeightsFolder(&parent, rope::io::syntheticWeightsFolder(),
                                    [&](const QString& folder) { got = folder; });
        QTRY_COMPARE_WITH_TIMEOUT(got, rope::io::syntheticWeightsFolder(), 10000);
    }

    void aFolderWithoutAModelShowsWhy() {
        QWidget parent;
        QTemporaryDir empty;
        bool called = false;
        QString shown;
        // The warning is modal: read and close it from a timer.
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            for (QWidget* w : QApplication::topLevelWidgets()) {
                if (auto* box = qobject_cast<QMessageBox*>(w); box != nullptr && box->isVisible()) {
                    shown = box->text();
                    box->accept();
                }
            }
        });
        poll.start(20);
        rope::ui::loadWeightsFolder(&parent, empty.path(), [&](const QString&) { called = true; });
        QTRY_VERIFY_WITH_TIMEOUT(shown.contains(QStringLiteral("config.json")), 10000);
        QVERIFY(!called);
    }

    void progressArrivesAsSignals() {
        // The dialog's bar follows the probe through its runner's progressChanged, no timer: the
        // runner (the dialog's child) exists once loadWeightsFolder() returns, and nothing it
        // reports can arrive before the event loop runs, so the spy sees every report.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeManyLayerModel(dir.path());
        QWidget parent;
        QString got;
        rope::ui::loadWeightsFolder(&parent, dir.path(), [&](const QString& f) { got = f; });
        auto* runner = parent.findChild<rope::ui::JobRunner*>();
        QVERIFY(runner != nullptr);
        QSignalSpy progress(runner, &rope::ui::JobRunner::progressChanged);
        QTRY_COMPARE_WITH_TIMEOUT(got, dir.path(), 20000);
        QVERIFY(!progress.isEmpty());
        double last = 0.0;
        QStringList seen;
        for (const QList<QVariant>& args : progress) {
            seen << args.at(0).toString();
        }
        for (const QList<QVariant>& args : progress) {
            const double fraction = args.at(0).toDouble();
            // One read after another: never backwards.
            QVERIFY2(fraction >= last, qPrintable(seen.join(QLatin1Char(' '))));
            last = fraction;
        }
        QCOMPARE(last, 1.0); // the last tensor read
    }

    void closingTheWindowStopsTheRead() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeManyLayerModel(dir.path());
        // Every worker of the pool waits on a gate, so the read cannot run (and finish, and be
        // remembered) before the window closes: on a loaded machine it once did (CI's ASan run),
        // and the second read below then found the probe cached.
        QThreadPool& pool = rope::ui::computePool();
        QSemaphore gate;
        QSemaphore parked;
        const int workers = pool.maxThreadCount();
        for (int i = 0; i < workers; ++i) {
            pool.start([&gate, &parked] {
                parked.release();
                gate.acquire();
            });
        }
        QVERIFY(parked.tryAcquire(workers, 10000));
        auto* window = new QWidget;
        bool called = false;
        rope::ui::loadWeightsFolder(window, dir.path(), [&](const QString&) { called = true; });
        delete window; // the window closes before the read has read a tensor
        gate.release(workers);
        QVERIFY(pool.waitForDone(10000));
        QCoreApplication::processEvents();
        QVERIFY(!called);
        // Stopped, not finished: the probe was not remembered, so reading again starts over
        // (and reports its progress from the first tensor).
        QString error;
        int first = 0;
        const auto probe = rope::io::cachedWeightsProbe(dir.path(), error, [&](int done, int) {
            if (first == 0) {
                first = done;
            }
            return true;
        });
        QVERIFY2(probe != nullptr, qPrintable(error));
        QCOMPARE(first, 1);
        QCOMPARE(probe->layers.size(), std::size_t{400});
    }

    void cacheDialogListsModelsWithWeights() {
        QTemporaryDir hub;
        const QDir root(hub.path());
        QVERIFY(
            root.mkpath(QStringLiteral("models--Qwen--Qwen2.5-0.5B/snapshots/0123456789abcdef")));
        QVERIFY(root.mkpath(QStringLiteral("models--nope--config-only/snapshots/1")));
        // Mistral's own layout: params.json and consolidated.safetensors, no config.json.
        QVERIFY(root.mkpath(QStringLiteral("models--mistralai--Mistral-7B-v0.3/snapshots/2")));
        for (const QString& f :
             {QStringLiteral("models--Qwen--Qwen2.5-0.5B/snapshots/0123456789abcdef/config.json"),
              QStringLiteral(
                  "models--Qwen--Qwen2.5-0.5B/snapshots/0123456789abcdef/model.safetensors"),
              QStringLiteral("models--nope--config-only/snapshots/1/config.json"),
              QStringLiteral("models--mistralai--Mistral-7B-v0.3/snapshots/2/params.json"),
              QStringLiteral(
                  "models--mistralai--Mistral-7B-v0.3/snapshots/2/consolidated.safetensors")}) {
            QFile file(root.filePath(f));
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        qputenv("HF_HUB_CACHE", hub.path().toUtf8());
        rope::ui::HfCacheDialog dialog;
        auto* list = dialog.findChild<QListWidget*>();
        QVERIFY(list != nullptr);
        QCOMPARE(list->count(), 2);
        QVERIFY(list->item(0)->text().contains(QStringLiteral("Qwen/Qwen2.5-0.5B")));
        QVERIFY(list->item(1)->text().contains(QStringLiteral("mistralai/Mistral-7B-v0.3")));
        QVERIFY(dialog.folder().endsWith(QStringLiteral("snapshots/0123456789abcdef")));
        grab(dialog, QStringLiteral("hf-cache-dialog.png"));
        qunsetenv("HF_HUB_CACHE");
    }

    void windowShowsTheFolderInTheWeightsPanel() {
        rope::ui::MainWindow window(nullptr, false);
        window.resize(1280, 800);
        window.show();
        rope::ui::FigurePanel* panel = window.panel(QStringLiteral("weights"));
        QVERIFY(panel != nullptr);
        // What the File menu action does once the probe is done.
        panel->setOption(QStringLiteral("model"), rope::io::syntheticWeightsFolder());
        QCOMPARE(panel->options().value(QStringLiteral("model")).toString(),
                 rope::io::syntheticWeightsFolder());
        QAction* open = window.findChild<QAction*>(QStringLiteral("open-model-folder"));
        QAction* cache = window.findChild<QAction*>(QStringLiteral("hf-cache"));
        QVERIFY(open != nullptr && cache != nullptr);
        QVERIFY(window.showPanel(QStringLiteral("weights")));
        QCOMPARE(window.currentPanel(), panel);
        grab(window, QStringLiteral("window.png"));
    }

private:
    static void grab(QWidget& w, const QString& name) {
        const QString dir = qEnvironmentVariable("ROPE_WEIGHTS_GRAB");
        if (!dir.isEmpty()) {
            QTest::qWait(500);
            w.grab().save(QDir(dir).filePath(name));
        }
    }
};

QTEST_MAIN(TestWeightsOpen)
#include "tst_weights_open.moc"
