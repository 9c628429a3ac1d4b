// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The weights panel's job: reading a model's q/k projections runs as a FigureJob, so a large
// model opens with progress and can be cancelled (the panel sets the flag when the folder
// changes, on Cancel and when the window closes). A cancelled run returns promptly and marked
// so, compose draws a placeholder without a result, and a folder that cannot be read gives the
// probe's reason.
#include "../io/safetensors_writer.h"
#include "core/rope_params.h"
#include "figures/figure_registry.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <vector>

using namespace rope::figures;

namespace {

// A Llama-style model of \p layers layers (4 heads, 2 key/value heads, head_dim 16): enough
// tensors (2 per layer) for a cancel between two of them.
bool writeModel(const QString& folder, int layers) {
    QFile config(QDir(folder).filePath(QStringLiteral("config.json")));
    if (!config.open(QIODevice::WriteOnly)) {
        return false;
    }
    config.write(QStringLiteral("{\"model_type\": \"llama\", \"hidden_size\": 64, "
                                "\"num_attention_heads\": 4, \"num_key_value_heads\": 2, "
                                "\"head_dim\": 16, \"num_hidden_layers\": %1, "
                                "\"rope_theta\": 10000.0, \"max_position_embeddings\": 2048}")
                     .arg(layers)
                     .toUtf8());
    config.close();
    safetensors_test::Writer w;
    for (int l = 0; l < layers; ++l) {
        w.f32(QStringLiteral("model.layers.%1.self_attn.q_proj.weight").arg(l), {64, 64},
              std::vector<float>(64 * 64, 0.5f));
        w.f32(QStringLiteral("model.layers.%1.self_attn.k_proj.weight").arg(l), {32, 64},
              std::vector<float>(32 * 64, 0.25f));
    }
    QFile model(QDir(folder).filePath(QStringLiteral("model.safetensors")));
    return model.open(QIODevice::WriteOnly) && model.write(w.bytes()) > 0;
}

FigureOptions modelOptions(const QString& folder) {
    return {{QStringLiteral("model"), folder}};
}

} // namespace

class TestWeightsJob : public QObject {
    Q_OBJECT

private slots:
    void rowHasAJob() {
        const Figure* f = findFigure("weights");
        QVERIFY(f != nullptr);
        QVERIFY(f->job != nullptr);
        QVERIFY(!f->job->timed);
        // Only the folder decides the read: the display options do not restart it.
        const QVariantMap a = jobInputs(*f, rope::RopeParams{}, modelOptions(QStringLiteral("/")));
        const QVariantMap b = jobInputs(
            *f, rope::RopeParams{},
            {{QStringLiteral("model"), QStringLiteral("/")}, {QStringLiteral("quantity"), "k"}});
        QCOMPARE(a, b);
    }

    void cancelStopsBetweenTensors() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writeModel(dir.path(), 12));
        const Figure& f = *findFigure("weights");
        std::atomic<bool> cancel{false};
        std::vector<double> fractions;
        // Cancelled after the first tensor: the run must stop there, not read the 23 others.
        const JobControl control(cancel, [&](double fraction) {
            fractions.push_back(fraction);
            cancel = true;
        });
        QElapsedTimer timer;
        timer.start();
        const auto result =
            f.job->run(rope::RopeParams{}, modelOptions(dir.path()), control, nullptr);
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY(result != nullptr);
        QVERIFY(result->cancelled);
        QVERIFY(!result->complete);
        QCOMPARE(fractions.size(), std::size_t{1});
        QCOMPARE(fractions.front(), 1.0 / 24.0);
        // Compose with the cancelled result: a placeholder saying so, no heat map.
        const FigureData data =
            composeFigure(f, rope::RopeParams{}, modelOptions(dir.path()), result.get());
        QVERIFY(!data.colourMap.has_value());
        QVERIFY(data.title.contains(QStringLiteral("cancelled")));
    }

    void completeRunReportsEveryTensor() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writeModel(dir.path(), 3));
        const Figure& f = *findFigure("weights");
        const std::atomic<bool> never{false};
        std::vector<double> fractions;
        const JobControl control(never, [&](double fraction) { fractions.push_back(fraction); });
        const auto result =
            f.job->run(rope::RopeParams{}, modelOptions(dir.path()), control, nullptr);
        QVERIFY(result != nullptr && result->complete && !result->cancelled);
        // q and k of 3 layers: six tensors, the fractions k/6.
        QCOMPARE(fractions.size(), std::size_t{6});
        for (std::size_t i = 0; i < fractions.size(); ++i) {
            QCOMPARE(fractions[i], static_cast<double>(i + 1) / 6.0);
        }
        const FigureData data =
            composeFigure(f, rope::RopeParams{}, modelOptions(dir.path()), result.get());
        QVERIFY(data.colourMap.has_value());
        // Every q row holds 0.5 over 64 columns: a pair's norm is √(2·64·0.25) = √32; every k
        // row 0.25: √(2·64/16) = √8; the product 16.
        QCOMPARE(data.colourMap->columns, 8);
        for (const double v : data.colourMap->values) {
            QCOMPARE(v, 16.0);
        }
        // Composed for another folder, the result does not apply: a placeholder again.
        const FigureData other =
            composeFigure(f, rope::RopeParams{}, modelOptions(QDir::tempPath()), result.get());
        QVERIFY(!other.colourMap.has_value());
    }

    void placeholderBeforeTheFirstRun() {
        const Figure& f = *findFigure("weights");
        const FigureData data = composeFigure(f, rope::RopeParams{}, {}, nullptr);
        QVERIFY(!data.colourMap.has_value());
        QVERIFY(data.title.contains(QStringLiteral("Reading")));
    }

    void unreadableFolderNamesTheReason() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Figure& f = *findFigure("weights");
        const std::atomic<bool> never{false};
        const auto result =
            f.job->run(rope::RopeParams{}, modelOptions(dir.path()), JobControl(never), nullptr);
        QVERIFY(result != nullptr && !result->cancelled);
        try {
            composeFigure(f, rope::RopeParams{}, modelOptions(dir.path()), result.get());
            QFAIL("an empty folder must not compose");
        } catch (const rope::InvalidParameter& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("config.json")));
        }
    }
};

QTEST_GUILESS_MAIN(TestWeightsJob)
#include "tst_weights_job.moc"
