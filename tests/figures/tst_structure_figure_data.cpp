// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/absolute_encoding.h"
#include "core/attention.h"
#include "core/frequencies.h"
#include "core/precision.h"
#include "core/random_inputs.h"
#include "core/rope_2d.h"
#include "core/rotation.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_registry.h"
#include "tests/core/reference/accumulated_angle_reference.h"
#include "tests/figures/figure_test_support.h"
#include "tests/test_support.h"

#include <QStandardPaths>
#include <QTest>

#include <cmath>

// The figure data of the five deeper panels (layouts, rope-2d, absolute, attention, precision),
// computed with figureData() as a panel computes it: each option set as its control would set
// it, and the data must then equal, number for number, what the core function returns for the
// new parameters (core calls made here directly, with the panel's documented fixed seeds and
// sizes). Independent anchors where a closed form exists: the interleaved→half permutation
// for d = 8 written out, integer/normalised-integer shift residuals k and k/N, scores scaling
// by exactly a² with the attention factor, bfloat16 aliasing of 15962 (spacing 64 in
// [8192, 16384): class 15905…15967 stored as 15936). The controls themselves, the plot's axes
// and clicks are tested in tests/ui/tst_structure_figures.cpp.
Q_DECLARE_METATYPE(rope::Layout)

namespace {

using rope::test::compareColourMap;
using rope::test::readout;
using rope::test::seriesById;

} // namespace

class TestStructureFigureData : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // ---- layouts -------------------------------------------------------------------------

    void layoutsPermutationLinksFollowCore_data() {
        QTest::addColumn<int>("dim");
        QTest::newRow("d8") << 8;
        QTest::newRow("d32") << 32;
        QTest::newRow("d128") << 128;
    }
    void layoutsPermutationLinksFollowCore() {
        QFETCH(int, dim);
        rope::test::FigureFixture f("layouts");
        ROPE_SET_OPTION(f, "dim", dim);
        const Eigen::VectorXi perm = rope::interleavedToHalfPermutation(dim);
        if (dim == 8) {
            Eigen::VectorXi literal(8); // p = (0, 2, 4, 6, 1, 3, 5, 7): even indices, then odd
            literal << 0, 2, 4, 6, 1, 3, 5, 7;
            QVERIFY(perm == literal);
        }
        int links = 0;
        for (const rope::figures::Series& s : f.data().series) {
            if (s.id.startsWith(QStringLiteral("permutation-link-"))) {
                QCOMPARE(s.x[0], static_cast<double>(perm[links]));
                QCOMPARE(s.x[1], static_cast<double>(links));
                ++links;
            }
        }
        QCOMPARE(links, dim);
        const rope::figures::Series* dots = seriesById(f.data(), u"coordinates");
        QVERIFY(dots != nullptr);
        QCOMPARE(static_cast<int>(dots->x.size()), 2 * dim);
        // The first half pair links x0 and x_{d/2}.
        const rope::figures::Series* half = seriesById(f.data(), u"rotate-half-pair-0");
        QVERIFY(half != nullptr);
        QCOMPARE(half->x.front(), 0.0);
        QCOMPARE(half->x.back(), dim / 2.0);
    }

    void layoutsMatrixViewIsCoreRotation_data() {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<rope::Layout>("expected");
        QTest::newRow("interleaved") << "interleaved" << rope::Layout::Interleaved;
        QTest::newRow("half") << "half" << rope::Layout::Half;
    }
    void layoutsMatrixViewIsCoreRotation() {
        QFETCH(QString, layout);
        QFETCH(rope::Layout, expected);
        rope::test::FigureFixture f("layouts");
        ROPE_SET_OPTION(f, "view", QStringLiteral("matrix"));
        ROPE_SET_OPTION(
            f, "layout",
            QString::fromLatin1(layout == QLatin1String("half") ? "interleaved" : "half"));
        ROPE_SET_OPTION(f, "layout", layout);
        ROPE_SET_OPTION(f, "dim", 24);
        const rope::RopeParams& p = f.params();
        compareColourMap(f.data(), rope::rotationMatrix(rope::inverseFrequencies(24, p.base),
                                                        static_cast<double>(p.m), expected));
    }

    void layoutsRowPermutationIsHfPermute_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<int>("heads");
        QTest::newRow("d8 x2") << 8 << 2;
        QTest::newRow("d16 x3") << 16 << 3;
        QTest::newRow("d128 x8 (capped at 4)") << 128 << 8;
    }
    void layoutsRowPermutationIsHfPermute() {
        QFETCH(int, dim);
        QFETCH(int, heads);
        rope::test::FigureFixture f("layouts");
        ROPE_SET_OPTION(f, "view", QStringLiteral("rows"));
        ROPE_SET_OPTION(f, "dim", dim);
        ROPE_SET_OPTION(f, "heads", heads);
        const int shownHeads = std::min(heads, 512 / dim);
        const Eigen::VectorXi perm = rope::qkRowPermutation(shownHeads, dim);
        const int n = dim * shownHeads;
        QCOMPARE(static_cast<int>(perm.size()), n);
        Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(n, n);
        for (int j = 0; j < n; ++j) {
            expected(j, perm[j]) = 1.0;
        }
        if (dim == 8) {
            // HF: w.view(heads, d/2, 2, dim).transpose(1, 2): head h's new row h·8 + a·4 + i is
            // its old row h·8 + 2i + a. Written out for 2 heads.
            const int literal[] = {0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15};
            for (int j = 0; j < 16; ++j) {
                QCOMPARE(perm[j], literal[j]);
            }
        }
        compareColourMap(f.data(), expected);
    }

    void layoutsScoresAreCoreComparison_data() {
        QTest::addColumn<int>("dim");
        QTest::addColumn<int>("maxOffset");
        QTest::newRow("d16 64") << 16 << 64;
        QTest::newRow("d64 300") << 64 << 300;
        QTest::newRow("d128 100000 (one per pixel)") << 128 << 100000;
    }
    void layoutsScoresAreCoreComparison() {
        QFETCH(int, dim);
        QFETCH(int, maxOffset);
        rope::test::FigureFixture f("layouts");
        ROPE_SET_OPTION(f, "view", QStringLiteral("scores"));
        ROPE_SET_OPTION(f, "dim", dim);
        ROPE_SET_OPTION(f, "max-offset", maxOffset);
        const rope::figures::Series* trained = seriesById(f.data(), u"trained");
        const rope::figures::Series* converted = seriesById(f.data(), u"converted");
        const rope::figures::Series* bug = seriesById(f.data(), u"bug");
        QVERIFY(trained && converted && bug);
        QCOMPARE(trained->x.front(), 0.0);
        QCOMPARE(trained->x.back(), static_cast<double>(maxOffset));
        // The panel's fixed head: d_model = 32, seeds 11…14.
        const Eigen::Map<const Eigen::ArrayXd> offsets(
            trained->x.data(), static_cast<Eigen::Index>(trained->x.size()));
        const rope::RopeParams& p = f.params();
        const rope::LayoutScoreComparison c = rope::compareLayoutScores(
            rope::seededUniformMatrix(dim, 32, 11), rope::seededUniformMatrix(dim, 32, 12),
            rope::seededUniformVector(32, 13), rope::seededUniformVector(32, 14),
            rope::inverseFrequencies(dim, p.base), static_cast<double>(p.m), offsets);
        for (std::size_t j = 0; j < trained->x.size(); ++j) {
            QCOMPARE(trained->y[j], c.reference[static_cast<Eigen::Index>(j)]);
            QCOMPARE(converted->y[j], c.permuted[static_cast<Eigen::Index>(j)]);
            QCOMPARE(bug->y[j], c.mismatched[static_cast<Eigen::Index>(j)]);
        }
        QCOMPARE(readout(f.data(), QStringLiteral("max |converted")), c.maxPermutedDifference);
        QCOMPARE(readout(f.data(), QStringLiteral("max |bug")), c.maxMismatchError);
        // Converted weights are exact up to rounding; the bug is exact only at n = m.
        QVERIFY(c.maxPermutedDifference < 1e-10);
        QVERIFY(std::abs(bug->y[0] - trained->y[0]) < 1e-12);
        QVERIFY(c.maxMismatchError > 0.1);
    }

    // ---- rope-2d -------------------------------------------------------------------------

    void rope2dMapsAreCoreScores_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("vectors");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("queryRow");
        QTest::addColumn<int>("queryCol");
        QTest::addColumn<int>("dim");
        QTest::newRow("2d ones") << "2d"
                                 << "ones" << 16 << 16 << 8 << 8 << 32;
        QTest::newRow("2d random corner") << "2d"
                                          << "random" << 12 << 20 << 0 << 19 << 64;
        QTest::newRow("flattened same") << "flattened"
                                        << "random-same" << 10 << 14 << 4 << 2 << 16;
        QTest::newRow("flattened one row") << "flattened"
                                           << "ones" << 1 << 30 << 0 << 7 << 8;
    }
    void rope2dMapsAreCoreScores() {
        QFETCH(QString, view);
        QFETCH(QString, vectors);
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(int, queryRow);
        QFETCH(int, queryCol);
        QFETCH(int, dim);
        rope::test::FigureFixture f("rope-2d");
        ROPE_SET_OPTION(f, "view", view);
        ROPE_SET_OPTION(f, "vectors", QStringLiteral("random"));
        ROPE_SET_OPTION(f, "vectors", vectors);
        ROPE_SET_OPTION(f, "rows", rows);
        ROPE_SET_OPTION(f, "cols", cols);
        ROPE_SET_OPTION(f, "query-row", queryRow);
        ROPE_SET_OPTION(f, "query-col", queryCol);
        ROPE_SET_OPTION(f, "dim", dim);
        const double base = f.params().base;
        Eigen::ArrayXd q = Eigen::ArrayXd::Ones(dim);
        Eigen::ArrayXd k = q;
        if (vectors != QLatin1String("ones")) {
            q = rope::seededUniformVector(dim, 21); // the panel's seeds
            k = vectors == QLatin1String("random") ? rope::seededUniformVector(dim, 22) : q;
        }
        const Eigen::MatrixXd expected =
            view == QLatin1String("2d")
                ? rope::gridScores2d(q, k, rope::inverseFrequencies2d(dim, base), rows, cols,
                                     queryRow, queryCol)
                : rope::gridScoresFlattened(q, k, rope::inverseFrequencies(dim, base), rows, cols,
                                            queryRow, queryCol);
        compareColourMap(f.data(), expected);
        // The colour scale: scores of both signs around zero (diverging); scores of one sign
        // (q = k = 1) over their own range (sequential), so that the lowest and the highest
        // patch get the scale's two ends rather than one uniform colour.
        const rope::figures::ColourMap& map = *f.data().colourMap;
        if (expected.minCoeff() < 0.0 && expected.maxCoeff() > 0.0) {
            QVERIFY(map.diverging);
            QCOMPARE(map.zMax, expected.cwiseAbs().maxCoeff());
            QCOMPARE(map.zMin, -map.zMax);
        } else {
            QVERIFY(!map.diverging);
            QCOMPARE(map.zMin, expected.minCoeff());
            QCOMPARE(map.zMax, expected.maxCoeff());
        }
        if (vectors == QLatin1String("ones") && view == QLatin1String("2d")) {
            QVERIFY2(!map.diverging, "q = k = 1 scores are positive near the query");
        }
        const Eigen::ArrayXd theta2d = rope::inverseFrequencies2d(dim, base);
        QCOMPARE(readout(f.data(), QStringLiteral("relativity residual")),
                 rope::relativity2dResidual(theta2d, queryRow, queryCol, rows - 1, cols - 1));
        QVERIFY(readout(f.data(), QStringLiteral("relativity residual")) < 1e-12);
        const rope::Position2d back =
            rope::recoverPosition2d(rope::rotationMatrix2d(theta2d, queryRow, queryCol), theta2d);
        QCOMPARE(readout(f.data(), QStringLiteral("x recovered")), back.x);
        QCOMPARE(readout(f.data(), QStringLiteral("y recovered")), back.y);
        // Within ±π/θ₀ = ±π patches the round trip is exact up to rounding.
        if (queryRow < 3 && queryCol < 3) {
            QVERIFY(std::abs(back.x - queryRow) < 1e-9 && std::abs(back.y - queryCol) < 1e-9);
        }
        const rope::FlatteningComparison gaps =
            rope::compareFlattening(q, k, theta2d, rope::inverseFrequencies(dim, base), cols);
        QCOMPARE(readout(f.data(), QStringLiteral("row-wrap gap, 2D")), gaps.rowWrapGap2d);
        QCOMPARE(readout(f.data(), QStringLiteral("row-wrap gap, flattened")),
                 gaps.rowWrapGapFlattened);
    }

    void rope2dGeneratorCurvesAreCoreResiduals() {
        rope::test::FigureFixture f("rope-2d");
        ROPE_SET_OPTION(f, "view", QStringLiteral("generators"));
        ROPE_SET_OPTION(f, "query-row", 3);
        ROPE_SET_OPTION(f, "query-col", 5);
        const double base = f.params().base;
        const rope::Generators2d commuting =
            rope::ropeGenerators2d(rope::inverseFrequencies2d(8, base));
        const rope::Generators2d twisted = rope::nonCommutingGenerators();
        const rope::figures::Series* a = seriesById(f.data(), u"rope-generators");
        const rope::figures::Series* b = seriesById(f.data(), u"overlapping-planes");
        QVERIFY(a && b);
        double worstCommuting = 0;
        double worstTwisted = 0;
        for (std::size_t j = 0; j < a->x.size(); ++j) {
            const double t = a->x[j];
            QCOMPARE(a->y[j], rope::generatorRelativityResidual(commuting, 3, 5, 3 + t, 5));
            QCOMPARE(b->y[j], rope::generatorRelativityResidual(twisted, 3, 5, 3 + t, 5));
            worstCommuting = std::max(worstCommuting, a->y[j]);
            worstTwisted = std::max(worstTwisted, b->y[j]);
        }
        QVERIFY(worstCommuting < 1e-10);
        QVERIFY(worstTwisted > 0.1);
        QCOMPARE(readout(f.data(), QStringLiteral("‖[B₁, B₂]‖max, RoPE")), 0.0);
        QVERIFY(readout(f.data(), QStringLiteral("‖[B₁, B₂]‖max, overlapping")) > 0.5);
    }

    // ---- absolute ------------------------------------------------------------------------

    void absoluteViewsAreCoreEncodings_data() {
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<int>("dim");
        QTest::addColumn<int>("positions");
        for (rope::AbsoluteScheme s : rope::allAbsoluteSchemes()) {
            QTest::newRow(rope::absoluteSchemeId(s))
                << QString::fromLatin1(rope::absoluteSchemeId(s)) << 12 << 40;
        }
        QTest::newRow("sinusoidal wide") << "sinusoidal" << 64 << 512;
    }
    void absoluteViewsAreCoreEncodings() {
        QFETCH(QString, scheme);
        QFETCH(int, dim);
        QFETCH(int, positions);
        rope::test::FigureFixture f("absolute");
        ROPE_SET_OPTION(f, "scheme", scheme);
        ROPE_SET_OPTION(f, "dim", dim);
        ROPE_SET_OPTION(f, "positions", positions);
        rope::AbsoluteEncodingParams p;
        p.scheme = rope::parseAbsoluteScheme(scheme.toStdString());
        p.dim = dim;
        p.base = f.params().base;
        const Eigen::MatrixXd pe = rope::absoluteEncoding(p, positions);
        compareColourMap(f.data(), pe);

        ROPE_SET_OPTION(f, "view", QStringLiteral("curves"));
        const rope::figures::Series& first = f.data().series.front();
        QCOMPARE(first.name, QStringLiteral("dimension j = 0"));
        QCOMPARE(static_cast<int>(first.y.size()), positions);
        for (int r = 0; r < positions; ++r) {
            QCOMPARE(first.y[static_cast<std::size_t>(r)], pe(r, 0));
        }
        const rope::figures::Series& last = f.data().series.back();
        QCOMPARE(last.name, QStringLiteral("dimension j = %1").arg(dim - 1));
        QCOMPARE(last.y.back(), pe(positions - 1, dim - 1));

        // Shift-fit residuals: integer PE(p) = p·1 leaves exactly k = 1, normalised integer
        // k/N = 1/P (closed forms in absolute_encoding.h), sinusoidal ≈ 0.
        QVERIFY(rope::test::close(
            readout(f.data(), QStringLiteral("max |PE(p+1) − W₁PE(p)|, integer")), 1.0, 1e-9));
        QVERIFY(rope::test::close(
            readout(f.data(), QStringLiteral("max |PE(p+1) − W₁PE(p)|, normalised")),
            1.0 / positions, 1e-9));
        QVERIFY(readout(f.data(), QStringLiteral("max |PE(p+1) − W₁PE(p)|, sinusoidal")) < 1e-9);
        QVERIFY(readout(f.data(), QStringLiteral("max |PE(p+1) − W₁PE(p)|, binary")) > 0.1);

        ROPE_SET_OPTION(f, "view", QStringLiteral("checklist"));
        const rope::figures::ColourMap& map = *f.data().colourMap;
        QCOMPARE(map.rows, 4);
        QCOMPARE(map.columns, 7);
        QCOMPARE(f.data().xTicks.size(), std::size_t{7});
        QCOMPARE(f.data().xTicks[3].label, QStringLiteral("decaying"));
        QCOMPARE(f.data().yTicks.size(), std::size_t{4});
        for (int s = 0; s < 4; ++s) {
            rope::AbsoluteEncodingParams ps = p;
            ps.scheme = rope::allAbsoluteSchemes()[static_cast<std::size_t>(s)];
            const rope::EncodingChecklist c = rope::encodingChecklist(ps, positions);
            const bool flags[] = {c.unique,           c.consistentDistances, c.bounded,
                                  c.decaying,         c.linearRelation,      c.extrapolatesInRange,
                                  c.lengthIndependent};
            for (int j = 0; j < 7; ++j) {
                QCOMPARE(map.values[static_cast<std::size_t>(s * 7 + j)], flags[j] ? 1.0 : 0.0);
            }
        }
        const rope::EncodingChecklist mine = rope::encodingChecklist(p, positions);
        QCOMPARE(f.data().readouts.at(4).value, mine.linearResidual);
        QVERIFY(f.data().readouts.at(4).label.endsWith(QStringLiteral("W₁ fit residual")));
        QCOMPARE(f.data().readouts.at(0).value, static_cast<double>(mine.duplicateRows));
        QVERIFY(f.data().readouts.back().label.contains(QStringLiteral("slope")));
        QCOMPARE(f.data().readouts.back().value, mine.similaritySlope);
    }

    // ---- attention -----------------------------------------------------------------------

    void attentionMatricesAreCoreToyAttention_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("view");
        for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
            for (const char* v : {"scores", "weights"}) {
                QTest::newRow(
                    qPrintable(QStringLiteral("%1 %2").arg(rope::attentionEncodingId(e), v)))
                    << QString::fromLatin1(rope::attentionEncodingId(e)) << QString::fromLatin1(v);
            }
        }
    }
    void attentionMatricesAreCoreToyAttention() {
        QFETCH(QString, encoding);
        QFETCH(QString, view);
        rope::test::FigureFixture f("attention");
        ROPE_SET_OPTION(f, "encoding", encoding);
        ROPE_SET_OPTION(f, "view", view);
        rope::ToyAttentionParams p;
        p.base = f.params().base;
        p.encoding = rope::parseAttentionEncoding(encoding.toStdString());
        const rope::ToyAttention t = rope::toyAttention(p);
        compareColourMap(f.data(), view == QLatin1String("weights") ? t.attention.weights
                                                                    : t.attention.scores);
        QCOMPARE(readout(f.data(), QStringLiteral("max |out(1) − out(4)|, no position")), 0.0);
        QVERIFY(readout(f.data(), QStringLiteral("max |out(1) − out(4)|, RoPE")) > 1e-3);
        QCOMPARE(readout(f.data(), QStringLiteral("Toeplitz")),
                 rope::repeatedTokenToeplitzResidual(p, 16));
    }

    // ---- precision -----------------------------------------------------------------------

    void precisionCurvesAreCoreErrors_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("pair");
        QTest::newRow("angle worst low") << "angle"
                                         << "low-precision-product" << -1;
        QTest::newRow("angle pair 10 low") << "angle"
                                           << "low-precision-product" << 10;
        QTest::newRow("rotation worst cast") << "rotation"
                                             << "double-then-cast" << -1;
        QTest::newRow("rotation pair 63 low") << "rotation"
                                              << "low-precision-product" << 63;
        QTest::newRow("score low") << "score"
                                   << "low-precision-product" << -1;
        QTest::newRow("score cast") << "score"
                                    << "double-then-cast" << -1;
    }
    void precisionCurvesAreCoreErrors() {
        QFETCH(QString, view);
        QFETCH(QString, path);
        QFETCH(int, pair);
        rope::test::FigureFixture f("precision");
        ROPE_SET_OPTION(f, "view", view);
        ROPE_SET_OPTION(f, "path", QStringLiteral("double-then-cast"));
        ROPE_SET_OPTION(f, "path", path);
        ROPE_SET_OPTION(f, "pair", pair);
        const rope::RopeParams& p = f.params();
        const Eigen::ArrayXd theta = rope::scaledFrequencies(p).invFreq;
        const rope::AnglePath anglePath = rope::parseAnglePath(path.toStdString());
        const Eigen::ArrayXd q = rope::seededUniformVector(2 * theta.size(), 31);
        const Eigen::ArrayXd k = rope::seededUniformVector(2 * theta.size(), 32);
        const rope::FloatFormat formats[] = {
            rope::FloatFormat::Float32, rope::FloatFormat::BFloat16, rope::FloatFormat::Float16};
        QCOMPARE(f.data().series.size(), std::size_t{3});
        for (std::size_t s = 0; s < 3; ++s) {
            const rope::figures::Series& series = f.data().series[s];
            QVERIFY(!series.x.empty());
            for (std::size_t j = 0; j < series.x.size(); ++j) {
                // x holds the position itself (drawn on a log axis): an integer in [1, 1e7].
                const double m = series.x[j];
                QCOMPARE(m, std::round(m));
                QVERIFY(m >= 1.0 && m <= 1e7);
                Eigen::ArrayXd one(1);
                one << m;
                double expected = 0;
                if (view == QLatin1String("score")) {
                    expected = rope::scoreError(q, k, theta, m, m + static_cast<double>(p.n - p.m),
                                                formats[s], anglePath);
                } else if (pair < 0) {
                    const rope::PrecisionSweep sweep =
                        rope::precisionSweep(theta, one, formats[s], anglePath);
                    expected = view == QLatin1String("angle") ? sweep.maxAngleError[0]
                                                              : sweep.maxRotationError[0];
                } else {
                    const rope::RotationErrors e =
                        rope::rotationErrors(theta, m, formats[s], anglePath);
                    expected =
                        view == QLatin1String("angle") ? e.angleError[pair] : e.rotationError[pair];
                }
                QCOMPARE(series.y[j], expected);
            }
            // float16 positions overflow beyond 65504 when m itself is rounded: no points there.
            if (s == 2 && anglePath == rope::AnglePath::LowPrecisionProduct) {
                QVERIFY(series.x.back() < 65520.0);
            } else {
                QVERIFY(series.x.back() > 9.7e6);
            }
        }
    }

    void exactAnglesAreNotDrawnOnTheLogAxis() {
        rope::test::FigureFixture f("precision");
        ROPE_SET_OPTION(f, "path", QStringLiteral("double-then-cast"));
        // Angles computed in double are the reference itself: error exactly 0, nothing drawn.
        for (const rope::figures::Series& s : f.data().series) {
            QVERIFY(s.x.empty());
            QVERIFY(s.name.contains(QStringLiteral("exactly 0")));
        }
    }

    // view=accumulated against the committed NumPy reference
    // (tests/core/reference/accumulated_angle_reference.py: float32 products as ggml forms
    // them, exact angle in float64). With max-position = p the last sample is p itself
    // (pow(p, 1) = p), so the drawn point at p for pair i must be |error| of that row.
    void accumulatedViewMatchesNumPy_data() {
        QTest::addColumn<int>("row");
        int n = 0;
        for (const auto& r : accumulated_reference::kRows) {
            QTest::addRow("b=%g r=%d p=%lld i=%d", r.base, r.rotaryDim, r.position, r.pair) << n++;
        }
    }
    void accumulatedViewMatchesNumPy() {
        QFETCH(int, row);
        const auto& r = accumulated_reference::kRows[row];
        rope::RopeParams params;
        params.base = r.base;
        params.headDim = r.rotaryDim;
        params.rotaryDim = 0;
        const auto pos = static_cast<double>(r.position);
        const QVariantMap options{{QStringLiteral("view"), QStringLiteral("accumulated")},
                                  {QStringLiteral("pair"), r.pair},
                                  {QStringLiteral("max-position"), pos},
                                  {QStringLiteral("position"), static_cast<int>(r.position)}};
        const rope::figures::FigureData data =
            rope::figures::figureData(*rope::figures::findFigure("precision"), params, options);
        QVERIFY(data.logX && data.logY);
        const rope::figures::Series* acc = seriesById(data, u"float32-repeated");
        QVERIFY(acc != nullptr);
        if (r.error == 0.0) {
            // σ = 1/2 (b = 65536, r = 32): every product exact, nothing to draw on a log axis.
            QVERIFY(acc->x.empty() || acc->x.back() < pos);
        } else {
            QVERIFY(!acc->x.empty());
            QCOMPARE(acc->x.back(), pos);
            QVERIFY2(std::abs(acc->y.back() - std::abs(r.error)) <= 1e-9,
                     qPrintable(QStringLiteral("%1 vs %2")
                                    .arg(acc->y.back(), 0, 'g', 17)
                                    .arg(r.error, 0, 'g', 17)));
        }
        // The readout is the worst pair at the probe: at least this row's error.
        const double worst = readout(data, QStringLiteral("max |θ̃ − mθ| at m"));
        QVERIFY(worst >= std::abs(r.error) - 1e-9);
    }

    void accumulatedViewWorstPairAndLimits() {
        rope::RopeParams params; // b = 10⁴, d = 128
        QVariantMap options{{QStringLiteral("view"), QStringLiteral("accumulated")},
                            {QStringLiteral("max-position"), 1048576.0}};
        const rope::figures::Figure& precision = *rope::figures::findFigure("precision");
        rope::figures::FigureData data = rope::figures::figureData(precision, params, options);
        const rope::figures::Series* acc = seriesById(data, u"float32-repeated");
        QVERIFY(acc != nullptr);
        QCOMPARE(acc->x.back(), 1048576.0);
        // Worst pair ≥ every NumPy row at this position; the largest row is pair 8, 0.0915 rad.
        double largest = 0;
        for (const auto& r : accumulated_reference::kRows) {
            if (r.base == 10000.0 && r.rotaryDim == 128 && r.position == 1048576) {
                largest = std::max(largest, std::abs(r.error));
            }
        }
        QVERIFY(largest > 0.09);
        QVERIFY(acc->y.back() >= largest - 1e-9);
        // Pair 0 is fl(m) = m for every integer m ≤ 2^24: with pair=0 nothing is drawn.
        options.insert(QStringLiteral("pair"), 0);
        data = rope::figures::figureData(precision, params, options);
        acc = seriesById(data, u"float32-repeated");
        QVERIFY(acc != nullptr && acc->x.empty());
        QVERIFY(acc->name.contains(QStringLiteral("exactly 0")));
        // Beyond 2^24 float32 cannot hold m: those positions are left out, and the label says so.
        options.remove(QStringLiteral("pair"));
        options.insert(QStringLiteral("max-position"), 1e9);
        data = rope::figures::figureData(precision, params, options);
        acc = seriesById(data, u"float32-repeated");
        QVERIFY(acc != nullptr && !acc->x.empty());
        QVERIFY(acc->x.back() <= 16777216.0);
        QVERIFY(data.xLabel.contains(QStringLiteral("2²⁴")));
    }

    void aliasingReadoutsAreCoreIntervals_data() {
        QTest::addColumn<int>("position");
        QTest::addColumn<double>("bf16Value");
        QTest::addColumn<double>("bf16Count");
        QTest::newRow("15962") << 15962 << 15936.0 << 63.0; // spacing 64, ties to even
        QTest::newRow("100") << 100 << 100.0 << 1.0;        // below 256: every integer exact
    }
    void aliasingReadoutsAreCoreIntervals() {
        QFETCH(int, position);
        QFETCH(double, bf16Value);
        QFETCH(double, bf16Count);
        rope::test::FigureFixture f("precision");
        ROPE_SET_OPTION(f, "position", position);
        QCOMPARE(readout(f.data(), QStringLiteral("probe position")),
                 static_cast<double>(position));
        QCOMPARE(readout(f.data(), QStringLiteral("bfloat16 stores m as")), bf16Value);
        QCOMPARE(readout(f.data(), QStringLiteral("bfloat16: positions")), bf16Count);
        for (rope::FloatFormat format : {rope::FloatFormat::Float32, rope::FloatFormat::Float16}) {
            const rope::PositionInterval in = rope::positionCollapseInterval(format, position);
            const QString name = format == rope::FloatFormat::Float32 ? QStringLiteral("float32")
                                                                      : QStringLiteral("float16");
            QCOMPARE(readout(f.data(), name + QStringLiteral(" stores m as")), in.representative);
            QCOMPARE(readout(f.data(), name + QStringLiteral(": positions")),
                     static_cast<double>(in.count()));
        }
    }

    // Cost of one compute() at a realistic plot size (1400 px wide) and the largest panel
    // sizes; the panel runs compute() on a worker, so this only bounds the frame latency.
    // Nothing is asserted about time (run with -tickcounter or -callgrind for numbers).
    void computeBench_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QVariantMap>("options");
        const auto row = [](const char* id, const char* name, QVariantMap o) {
            QTest::newRow(
                qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(id), QLatin1String(name))))
                << QString::fromLatin1(id) << o;
        };
        row("layouts", "pairs d128", {{QStringLiteral("dim"), 128}});
        row("layouts", "scores d128",
            {{QStringLiteral("dim"), 128},
             {QStringLiteral("view"), QStringLiteral("scores")},
             {QStringLiteral("max-offset"), 100000}});
        row("rope-2d", "64x64 d256",
            {{QStringLiteral("rows"), 64},
             {QStringLiteral("cols"), 64},
             {QStringLiteral("dim"), 256}});
        row("rope-2d", "generators", {{QStringLiteral("view"), QStringLiteral("generators")}});
        row("absolute", "heatmap P1024 d64",
            {{QStringLiteral("positions"), 1024}, {QStringLiteral("dim"), 64}});
        row("absolute", "checklist P1024 d64",
            {{QStringLiteral("positions"), 1024},
             {QStringLiteral("dim"), 64},
             {QStringLiteral("view"), QStringLiteral("checklist")}});
        row("attention", "rope", {});
        row("precision", "angle", {});
        row("precision", "score", {{QStringLiteral("view"), QStringLiteral("score")}});
        row("precision", "accumulated", {{QStringLiteral("view"), QStringLiteral("accumulated")}});
    }
    void computeBench() {
        QFETCH(QString, id);
        QFETCH(QVariantMap, options);
        const rope::figures::Figure* figure = rope::figures::findFigure(id.toStdString());
        QVERIFY(figure != nullptr);
        const rope::RopeParams params;
        rope::figures::FigureData data;
        rope::figures::FigureOptions sized = options;
        sized.plot = {1400, 800, 0};
        QBENCHMARK {
            data = rope::figures::figureData(*figure, params, sized);
        }
        QVERIFY(!data.title.isEmpty());
    }
};

QTEST_MAIN(TestStructureFigureData)
#include "tst_structure_figure_data.moc"
