// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A figure's slide header states the shared parameters figureReads() says it reads. Checked
// against the data with this file's own changes of each parameter from the defaults (not the
// library's): the figure must change exactly when the list names the parameter (a header that
// names L on a figure that never reads L, or leaves out a b it does read, fails).
#include "figures/figure_parameters.h"
#include "figures/figure_registry.h"

#include "core/kv_cache.h"

#include <QTest>

#include <algorithm>
#include <cmath>

#include <map>

using namespace rope::figures;

namespace {

// Everything a figure draws that a parameter could reach, measured values left out (they
// differ between two runs of the same inputs).
QString fingerprint(const FigureData& d) {
    FigureData kept = d;
    kept.readouts.erase(std::remove_if(kept.readouts.begin(), kept.readouts.end(),
                                       [](const Readout& r) { return r.measured; }),
                        kept.readouts.end());
    std::vector<Series> series;
    for (const Series& s : kept.series) {
        if (!s.measured) {
            series.push_back(s);
        }
    }
    kept.series = series;
    kept.side.reset();
    QString text = QString::fromUtf8(figureCsv(kept));
    text += d.title + d.xLabel + d.yLabel + d.caption;
    for (const TextLabel& l : d.labels) {
        text += l.text;
    }
    if (d.side) {
        for (const Series& s : d.side->series) {
            text += s.name;
            for (double v : s.y) {
                text += QString::number(v, 'g', 17);
            }
        }
    }
    return text;
}

// The shared parameters and one change of each, from the defaults (d = 128, b = 10⁴,
// L = 4096, m = 3, n = 10, interleaved, no scaling).
std::vector<rope::RopeParams> changed(const QString& key) {
    rope::RopeParams p;
    if (key == QLatin1String("d")) {
        p.headDim = 64;
    } else if (key == QLatin1String("b")) {
        p.base = 5e5;
    } else if (key == QLatin1String("L")) {
        p.context = 2048;
    } else if (key == QLatin1String("m")) {
        p.m = 7;
    } else if (key == QLatin1String("n")) {
        p.n = 17;
    } else if (key == QLatin1String("layout")) {
        p.layout = rope::Layout::Half;
    } else if (key == QLatin1String("scaling")) {
        // Each method reaches a figure another way: θ (linear), the attention factor (YaRN),
        // the cache's re-rotation (dynamic NTK).
        std::vector<rope::RopeParams> out;
        for (const rope::ScalingKind method :
             {rope::ScalingKind::Linear, rope::ScalingKind::Yarn, rope::ScalingKind::Dynamic}) {
            p.scaling.method = method;
            p.scaling.factor = 2.0;
            p.scaling.seqLen = 8192;
            out.push_back(p);
        }
        return out;
    }
    return {p};
}

const QStringList kKeys = {QStringLiteral("d"),      QStringLiteral("b"), QStringLiteral("L"),
                           QStringLiteral("m"),      QStringLiteral("n"), QStringLiteral("layout"),
                           QStringLiteral("scaling")};

} // namespace

class TestFigureParameters : public QObject {
    Q_OBJECT
private slots:
    void readsWhatItLists_data() {
        QTest::addColumn<QString>("panel");
        QTest::addColumn<QString>("view");
        for (const Figure& f : allFigures()) {
            QTest::newRow(f.id.data()) << figureId(f) << QString();
            if (f.job == nullptr) {
                continue; // the views of the others are found by recomputing
            }
            // A job's table is per view: every view is checked.
            for (const OptionSpec& o : f.options()) {
                if (QLatin1String(o.id) == QLatin1String("view")) {
                    for (const OptionChoice& c : o.choices) {
                        QTest::addRow("%s/%s", f.id.data(), qPrintable(c.value))
                            << figureId(f) << c.value;
                    }
                }
            }
        }
    }
    void readsWhatItLists() {
        QFETCH(QString, panel);
        QFETCH(QString, view);
        const Figure* figure = findFigure(panel.toStdString());
        QVERIFY(figure != nullptr);
        FigureOptions options;
        if (!view.isEmpty()) {
            options.insert(QStringLiteral("view"), view);
        }
        const QStringList listed = figureReads(*figure, rope::RopeParams{}, options);
        for (const QString& key : listed) {
            QVERIFY2(kKeys.contains(key), qPrintable(QStringLiteral("unknown key '%1'").arg(key)));
        }
        const QString reference = fingerprint(figureData(*figure, rope::RopeParams{}, options));
        QStringList reads;
        for (const QString& key : kKeys) {
            bool differs = false;
            for (const rope::RopeParams& p : changed(key)) {
                try {
                    differs = differs || fingerprint(figureData(*figure, p, options)) != reference;
                } catch (const std::exception&) {
                    differs = true; // the figure refused the value: it read it
                }
            }
            if (differs) {
                reads << key;
            }
        }
        QStringList sortedListed = listed;
        std::sort(sortedListed.begin(), sortedListed.end());
        std::sort(reads.begin(), reads.end());
        QVERIFY2(sortedListed == reads, qPrintable(QStringLiteral("%1 lists {%2}, reads {%3}")
                                                       .arg(panel, listed.join(QLatin1Char(',')),
                                                            reads.join(QLatin1Char(',')))));
    }

    // The kv-cache readout "largest |mismatch|" is the maximum over every length L, not over
    // the plotted samples (issue 33: a curve sampled every 36 tokens read 0.3733). Reference:
    // 0.409, the largest |cached − consistent| of `rope-cli kv-cache` over L = 2048 … 16384
    // (d = 128, b = 10⁴, s = 4, L₀ = 4096, key at 2047 cached at C = 2048, query at L − 1),
    // and this test's own scan of every length through core.
    void kvCacheLargestMismatch() {
        const Figure* figure = findFigure("kv-cache");
        QVERIFY(figure != nullptr);
        const FigureData data = figureData(*figure, rope::RopeParams{}, {});
        double shown = -1;
        for (const Readout& r : data.readouts) {
            if (r.label == QLatin1String("largest |mismatch|")) {
                shown = r.value;
            }
        }
        double scanned = 0;
        for (long long len = 2048; len <= 16384; ++len) {
            const rope::KvCacheScores s =
                rope::dynamicNtkKvCacheScores(128, 10000.0, 4.0, 4096, 2048, len, len - 1, 2047);
            scanned = std::max(scanned, std::abs(s.cachedKey - s.consistent));
        }
        QCOMPARE(shown, scanned);
        QVERIFY2(std::abs(shown - 0.409) < 5e-4, qPrintable(QString::number(shown, 'g', 6)));
    }

    // The typeset header values: exponents as superscripts, no e-notation.
    void sharedParametersAreTypeset() {
        rope::RopeParams p;
        p.base = 5e5;
        p.context = 131072;
        p.rotaryDim = 64;
        const std::vector<FigureParameter> got =
            sharedParameters(p, {QStringLiteral("d"), QStringLiteral("b"), QStringLiteral("L")});
        QCOMPARE(got.size(), std::size_t{3});
        QCOMPARE(got[0].text, QStringLiteral("d = 128 (64 rotated)"));
        QCOMPARE(got[1].text, QStringLiteral("b = 5×10⁵"));
        QCOMPARE(got[2].text, QStringLiteral("L = 131072"));
    }
};

QTEST_GUILESS_MAIN(TestFigureParameters)
#include "tst_figure_parameters.moc"
