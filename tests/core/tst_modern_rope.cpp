// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"
#include "core/kv_cache.h"
#include "core/model_layers.h"
#include "core/mrope.h"
#include "core/parallel.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "tests/core/reference/modern_reference.h"
#include "tests/test_support.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <string>

// Expected values come from tests/core/reference/modern_reference.h, written by
// modern_reference.py from transformers' functions (named there) in NumPy float64, and from
// closed forms written out here (√(1 + ln 32 / ln 4096) = √(17/12), 0.1·ln 32 + 1, layer
// patterns listed by hand). Nothing is computed with the code under test.

namespace ref = rope::reference::modern;

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
// Each θ'_i is a pow, one or two divisions and at most a two-term blend: NumPy and glibc differ
// by ≤ 2 ulp (see tst_scaling_methods); a formula slip moves values by ≥ 1e-6 relative.
constexpr double kGoldenRelTol = 8 * kEps;
// KV-cache scores sum 64 cosines of angles up to ~3e4 rad. A 1-ulp difference in θ_i moves an
// angle by ≤ 3e4·2.2e-16·θ ≈ 7e-12, so the sum moves by < 1e-10; the effect under test (cached
// versus consistent) is ≥ 1e-2.
constexpr double kScoreAbsTol = 1e-9;

Eigen::ArrayXd toArray(const std::vector<double>& v) {
    return Eigen::Map<const Eigen::ArrayXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

rope::RopeParams phiParams(long long seqLen) {
    rope::RopeParams p;
    p.headDim = 96;
    p.base = 10000.0;
    p.scaling.method = rope::ScalingKind::LongRope;
    p.scaling.factor = 131072.0 / 4096.0;
    p.scaling.originalContext = 4096;
    p.scaling.seqLen = seqLen;
    p.scaling.shortFactor = ref::phiShortFactor();
    p.scaling.longFactor = ref::phiLongFactor();
    return p;
}

template <typename F> QString thrownParameter(F&& f, QString* message = nullptr) {
    try {
        f();
    } catch (const rope::InvalidParameter& e) {
        if (message != nullptr) {
            *message = QString::fromStdString(e.what());
        }
        return QString::fromStdString(e.parameter());
    }
    return QString();
}

} // namespace

class TestModernRope : public QObject {
    Q_OBJECT

private slots:
    // ---- LongRoPE ------------------------------------------------------------------------------

    void longRopeSwitchesFactorsAfterOriginalContext_data() {
        QTest::addColumn<qlonglong>("seqLen");
        QTest::addColumn<bool>("useLong");
        QTest::newRow("seq-len unset") << 0LL << false;
        QTest::newRow("seq-len 1") << 1LL << false;
        QTest::newRow("seq-len = L0 (still short)") << 4096LL << false;
        QTest::newRow("seq-len L0 + 1") << 4097LL << true;
        QTest::newRow("seq-len 131072") << 131072LL << true;
    }
    void longRopeSwitchesFactorsAfterOriginalContext() {
        QFETCH(qlonglong, seqLen);
        QFETCH(bool, useLong);
        const rope::ScalingResult r = rope::scaledFrequencies(phiParams(seqLen));
        ROPE_COMPARE_ARRAYS(r.invFreq,
                            toArray(useLong ? ref::phiLongInvFreq() : ref::phiShortInvFreq()),
                            kGoldenRelTol, 0.0);
        QVERIFY(rope::test::close(r.attentionFactor, ref::kPhiAttentionFactor, 2 * kEps));
    }

    void longRopeAttentionFactorClosedForm() {
        // s = 131072/4096 = 2^5, L0 = 2^12: √(1 + 5 ln 2 / (12 ln 2)) = √(17/12).
        const rope::ScalingResult r = rope::scaledFrequencies(phiParams(0));
        QVERIFY(rope::test::close(r.attentionFactor, std::sqrt(17.0 / 12.0), 4 * kEps));
        rope::RopeParams p = phiParams(0);
        p.scaling.attentionFactor = 0.5;
        QCOMPARE(rope::scaledFrequencies(p).attentionFactor, 0.5);
        p.scaling.attentionFactor = 0.0;
        p.scaling.factor = 1.0;
        QCOMPARE(rope::scaledFrequencies(p).attentionFactor, 1.0);
    }

    void longRopeRejectsWrongListLength() {
        rope::RopeParams p = phiParams(0);
        p.scaling.shortFactor.pop_back();
        QString message;
        QCOMPARE(thrownParameter([&] { rope::scaledFrequencies(p); }, &message),
                 QStringLiteral("short-factor"));
        QVERIFY2(message.contains(QStringLiteral("(48), got 47")), qPrintable(message));
        p = phiParams(5000);
        p.scaling.longFactor[7] = -1.0;
        QCOMPARE(thrownParameter([&] { rope::scaledFrequencies(p); }, &message),
                 QStringLiteral("long-factor"));
        QVERIFY2(message.contains(QStringLiteral("long-factor[7]")), qPrintable(message));
    }

    // ---- p-RoPE --------------------------------------------------------------------------------

    void proportionalRotatesOnlyTheFirstPairs_data() {
        QTest::addColumn<double>("factor");
        QTest::addColumn<std::vector<double>>("expected");
        QTest::newRow("d=256 quarter") << 1.0 << ref::proportionalD256Quarter();
        QTest::newRow("d=256 quarter factor 8") << 8.0 << ref::proportionalD256QuarterFactor8();
    }
    void proportionalRotatesOnlyTheFirstPairs() {
        QFETCH(double, factor);
        QFETCH(std::vector<double>, expected);
        rope::RopeParams p;
        p.headDim = 256;
        p.rotaryDim = 64;
        p.base = 1e6;
        p.scaling.method = rope::ScalingKind::Proportional;
        p.scaling.factor = factor;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        QCOMPARE(r.invFreq.size(), 128);
        ROPE_COMPARE_ARRAYS(r.invFreq, toArray(expected), kGoldenRelTol, 0.0);
        // Pairs 32…127 are exactly 0 (no rotation), pair 0 is exactly 1/s.
        QVERIFY((r.invFreq.tail(96) == 0.0).all());
        QCOMPARE(r.invFreq[0], 1.0 / factor);
        QCOMPARE(r.attentionFactor, 1.0);
    }

    // ---- YaRN as shipped, Llama 4's llama3
    // --------------------------------------------------------

    void gptOssYarnWithoutTruncation() {
        rope::RopeParams p;
        p.headDim = 64;
        p.base = 150000.0;
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 32.0;
        p.scaling.originalContext = 4096;
        p.scaling.truncate = false;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        ROPE_COMPARE_ARRAYS(r.invFreq, toArray(ref::gptOssInvFreq()), kGoldenRelTol, 0.0);
        QVERIFY(rope::test::close(r.attentionFactor, 0.1 * std::log(32.0) + 1.0, 2 * kEps));
        QVERIFY(rope::test::close(r.attentionFactor, ref::kGptOssAttentionFactor, 2 * kEps));
    }

    void deepseekYarnAndSoftmaxScale() {
        rope::RopeParams p;
        p.headDim = 64;
        p.base = 10000.0;
        p.layout = rope::Layout::Interleaved;
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 40.0;
        p.scaling.originalContext = 4096;
        p.scaling.mscale = 1.0;
        p.scaling.mscaleAllDim = 1.0;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        ROPE_COMPARE_ARRAYS(r.invFreq, toArray(ref::deepseekInvFreq()), kGoldenRelTol, 0.0);
        QCOMPARE(r.attentionFactor, 1.0);
        const double m = rope::deepseekSoftmaxScaleMultiplier(40.0, 1.0);
        QVERIFY(rope::test::close(m, ref::kDeepseekSoftmaxScaleMultiplier, 4 * kEps));
        const double g = 0.1 * std::log(40.0) + 1.0;
        QVERIFY(rope::test::close(m, g * g, 4 * kEps));
        QCOMPARE(rope::deepseekSoftmaxScaleMultiplier(40.0, 0.0), 1.0);
        QCOMPARE(rope::deepseekSoftmaxScaleMultiplier(1.0, 0.707), 1.0);
        QCOMPARE(thrownParameter([] { rope::deepseekSoftmaxScaleMultiplier(0.5, 1.0); }),
                 QStringLiteral("factor"));
        QCOMPARE(thrownParameter([] { rope::deepseekSoftmaxScaleMultiplier(4.0, -1.0); }),
                 QStringLiteral("mscale-all-dim"));
    }

    void llama4ScoutLlama3WithEqualBandEdges() {
        rope::RopeParams p;
        p.headDim = 128;
        p.base = 500000.0;
        p.scaling.method = rope::ScalingKind::Llama3;
        p.scaling.factor = 16.0;
        p.scaling.originalContext = 8192;
        p.scaling.lowFreqFactor = 1.0;
        p.scaling.highFreqFactor = 1.0;
        const rope::ScalingResult r = rope::scaledFrequencies(p);
        QVERIFY(r.invFreq.isFinite().all());
        ROPE_COMPARE_ARRAYS(r.invFreq, toArray(ref::llama4ScoutInvFreq()), kGoldenRelTol, 0.0);
    }

    void llama4QueryTemperature() {
        const auto& positions = ref::llama4TemperaturePositions();
        const auto& expected = ref::llama4Temperatures();
        for (std::size_t i = 0; i < positions.size(); ++i) {
            const double t = rope::llama4QueryTemperature(positions[i], {8192.0, 0.1});
            QVERIFY2(rope::test::close(t, expected[i], 4 * kEps),
                     qPrintable(QStringLiteral("position %1: %2 vs %3")
                                    .arg(positions[i])
                                    .arg(t, 0, 'g', 17)
                                    .arg(expected[i], 0, 'g', 17)));
        }
        // Below floor_scale − 1 the multiplier is exactly 1; at m = 8191 it is 0.1·ln 2 + 1.
        QCOMPARE(rope::llama4QueryTemperature(8190.0, {8192.0, 0.1}), 1.0);
        QVERIFY(rope::test::close(rope::llama4QueryTemperature(8191.0, {8192.0, 0.1}),
                                  0.1 * std::log(2.0) + 1.0, 2 * kEps));
        QCOMPARE(thrownParameter([] {
                     rope::llama4QueryTemperature(5.0, {0.0, 0.1});
                 }),
                 QStringLiteral("floor-scale"));
        QCOMPARE(thrownParameter([] {
                     rope::llama4QueryTemperature(-1.0, {8192.0, 0.1});
                 }),
                 QStringLiteral("position"));
    }

    // ---- Per-layer RoPE ------------------------------------------------------------------------

    void slidingWindowPatternMarksEveryPthLayerFull() {
        const std::vector<std::string> types = rope::slidingWindowLayerTypes(34, 6);
        QCOMPARE(types.size(), std::size_t{34});
        for (int i = 0; i < 34; ++i) {
            const bool full = i == 5 || i == 11 || i == 17 || i == 23 || i == 29;
            QCOMPARE(QString::fromStdString(types[static_cast<std::size_t>(i)]),
                     full ? QStringLiteral("full_attention") : QStringLiteral("sliding_attention"));
        }
        QCOMPARE(thrownParameter([] { rope::slidingWindowLayerTypes(4, 0); }),
                 QStringLiteral("sliding-window-pattern"));
        QCOMPARE(thrownParameter([] { rope::slidingWindowLayerTypes(0, 4); }),
                 QStringLiteral("num-layers"));
    }

    void noRopeIntervalSkipsEveryKthLayer() {
        const std::vector<bool> rope = rope::noRopeIntervalLayers(8, 4);
        QCOMPARE(rope, (std::vector<bool>{true, true, true, false, true, true, true, false}));
        QCOMPARE(thrownParameter([] { rope::noRopeIntervalLayers(8, 0); }),
                 QStringLiteral("no-rope-layer-interval"));
    }

    void layerFrequenciesFollowEachLayer() {
        rope::LayerRope local;
        local.type = "sliding_attention";
        local.params.headDim = 256;
        local.params.base = 10000.0;
        rope::LayerRope global = local;
        global.type = "full_attention";
        global.params.base = 1e6;
        global.params.scaling.method = rope::ScalingKind::Linear;
        global.params.scaling.factor = 8.0;
        rope::LayerRope nope;
        nope.rope = false;
        nope.params.headDim = 6; // never read for a NoPE layer (6 is fine, 7 would be invalid)
        const std::vector<rope::LayerFrequencies> f = rope::layerFrequencies({local, global, nope});
        QCOMPARE(f.size(), std::size_t{3});
        QCOMPARE(f[0].rotaryDim, 256);
        ROPE_COMPARE_ARRAYS(f[0].invFreq, toArray(ref::gemma3LocalInvFreq()), kGoldenRelTol, 0.0);
        ROPE_COMPARE_ARRAYS(f[1].invFreq, toArray(ref::gemma3GlobalInvFreq()), kGoldenRelTol, 0.0);
        QCOMPARE(f[1].index, 1);
        QCOMPARE(f[1].type, std::string("full_attention"));
        QVERIFY(!f[2].rope);
        QCOMPARE(f[2].rotaryDim, 0);
        QCOMPARE(f[2].invFreq.size(), 0);
        QCOMPARE(f[2].attentionFactor, 1.0);

        global.params.scaling.factor = 0.5;
        QString message;
        QCOMPARE(thrownParameter(
                     [&] {
                         rope::layerFrequencies({local, global});
                     },
                     &message),
                 QStringLiteral("factor"));
        QVERIFY2(message.startsWith(QStringLiteral("layer 1: ")), qPrintable(message));
    }

    // ---- M-RoPE --------------------------------------------------------------------------------

    void mropeAxisOfPair() {
        QCOMPARE(rope::mropeAxisOfPair({16, 24, 24}, rope::MropeLayout::Blocks, 64),
                 ref::qwen2vlAxisOfPair());
        QCOMPARE(rope::mropeAxisOfPair({24, 20, 20}, rope::MropeLayout::Interleaved, 64),
                 ref::qwen3vlAxisOfPair());
        QString message;
        QCOMPARE(thrownParameter(
                     [] {
                         rope::mropeAxisOfPair({16, 24, 24}, rope::MropeLayout::Blocks, 48);
                     },
                     &message),
                 QStringLiteral("mrope-section"));
        QVERIFY2(message.contains(QStringLiteral("sums to 64")), qPrintable(message));
        QCOMPARE(thrownParameter([] {
                     rope::mropeAxisOfPair({16, 48}, rope::MropeLayout::Blocks, 64);
                 }),
                 QStringLiteral("mrope-section"));
    }

    void mropePositionIds_data() {
        QTest::addColumn<bool>("splitFrames");
        QTest::addColumn<std::vector<long long>>("t");
        QTest::addColumn<std::vector<long long>>("h");
        QTest::addColumn<std::vector<long long>>("w");
        QTest::newRow("qwen2-vl") << false << ref::qwen2vlPositionsT() << ref::qwen2vlPositionsH()
                                  << ref::qwen2vlPositionsW();
        QTest::newRow("qwen3-vl frames split")
            << true << ref::qwen3vlPositionsT() << ref::qwen3vlPositionsH()
            << ref::qwen3vlPositionsW();
    }
    void mropePositionIds() {
        QFETCH(bool, splitFrames);
        QFETCH(std::vector<long long>, t);
        QFETCH(std::vector<long long>, h);
        QFETCH(std::vector<long long>, w);
        const auto segments =
            rope::parseMropeSegments("text:5,image:1x4x6,text:3,video:3x2x2,text:2");
        const auto rows = rope::mropePositionIds(segments, splitFrames);
        QCOMPARE(rows[0], t);
        QCOMPARE(rows[1], h);
        QCOMPARE(rows[2], w);
    }

    // Qwen3-VL splits only video grids (get_rope_index expands video_grid_thw): an image grid
    // with T = 2 at start 2 keeps t = 2, 2, 2, 2, 3, 3, 3, 3 and the next block starts at
    // 2 + max(1, 1, 1) + 1 = 4. Split like a video it would have started its second frame at 4.
    void qwen3vlDoesNotSplitImages() {
        const auto rows =
            rope::mropePositionIds(rope::parseMropeSegments("text:2,image:2x2x2,text:1"), true);
        QCOMPARE(rows[0], (std::vector<long long>{0, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4}));
        QCOMPARE(rows[1], (std::vector<long long>{0, 1, 2, 2, 3, 3, 2, 2, 3, 3, 4}));
        QCOMPARE(rows[2], (std::vector<long long>{0, 1, 2, 3, 2, 3, 2, 3, 2, 3, 4}));
    }

    // Qwen2.5-VL: frame t of a video gets ⌊t·s·tps⌋. tps = 2, s = 1: 0, 2, 4 → rows 1, 3, 5 after
    // the text token 0, next block at 1 + max(4, 0, 1) + 1 = 6. s = 0.5: 0, 1, 2, next at 4.
    // Images get 0 on the time axis whatever T (second_per_grid_t = 0).
    void qwen25vlTimeAxis() {
        const auto video = rope::parseMropeSegments("text:1,video:3x1x2,text:1");
        rope::MropeTime time;
        time.tokensPerSecond = 2.0;
        time.secondsPerGrid = 1.0;
        auto rows = rope::mropePositionIds(video, false, time);
        QCOMPARE(rows[0], (std::vector<long long>{0, 1, 1, 3, 3, 5, 5, 6}));
        QCOMPARE(rows[1], (std::vector<long long>{0, 1, 1, 1, 1, 1, 1, 6}));
        QCOMPARE(rows[2], (std::vector<long long>{0, 1, 2, 1, 2, 1, 2, 6}));
        time.secondsPerGrid = 0.5;
        rows = rope::mropePositionIds(video, false, time);
        QCOMPARE(rows[0], (std::vector<long long>{0, 1, 1, 2, 2, 3, 3, 4}));
        const auto image = rope::parseMropeSegments("text:1,image:2x1x1,text:1");
        rows = rope::mropePositionIds(image, false, time);
        QCOMPARE(rows[0], (std::vector<long long>{0, 1, 1, 2}));
        time.secondsPerGrid = -1.0;
        QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter,
                                 rope::mropePositionIds(video, false, time));
    }

    void mropeRejectsBadLayouts_data() {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("empty") << ""
                               << "not kind:size";
        QTest::newRow("unknown kind") << "audio:5"
                                      << "unknown kind 'audio'";
        QTest::newRow("two dims") << "image:4x6"
                                  << "TxHxW";
        QTest::newRow("zero") << "text:0"
                              << "positive whole numbers";
        QTest::newRow("not a number") << "text:five"
                                      << "got 'five'";
        QTest::newRow("trailing comma") << "text:5,"
                                        << "not kind:size";
    }
    void mropeRejectsBadLayouts() {
        QFETCH(QString, layout);
        QFETCH(QString, fragment);
        QString message;
        QCOMPARE(thrownParameter([&] { rope::parseMropeSegments(layout.toStdString()); }, &message),
                 QStringLiteral("tokens"));
        QVERIFY2(message.contains(fragment), qPrintable(message));
    }

    void mropeAnglesReadTheAxisOfEachPair() {
        const auto segments =
            rope::parseMropeSegments("text:5,image:1x4x6,text:3,video:3x2x2,text:2");
        const auto rows = rope::mropePositionIds(segments, false);
        const std::vector<int>& axis = ref::qwen2vlAxisOfPair();
        const Eigen::ArrayXd theta = rope::inverseFrequencies(128, 1e6);
        const Eigen::MatrixXd angles = rope::mropeAngles(theta, axis, rows);
        QCOMPARE(angles.rows(), static_cast<Eigen::Index>(ref::qwen2vlPositionsT().size()));
        QCOMPARE(angles.cols(), 64);
        const std::vector<long long>* expectedRows[3] = {
            &ref::qwen2vlPositionsT(), &ref::qwen2vlPositionsH(), &ref::qwen2vlPositionsW()};
        for (Eigen::Index t = 0; t < angles.rows(); ++t) {
            for (Eigen::Index j = 0; j < 64; ++j) {
                const long long p =
                    (*expectedRows[axis[static_cast<std::size_t>(j)]])[static_cast<std::size_t>(t)];
                // One multiplication on both sides: equal bit for bit.
                QCOMPARE(angles(t, j), static_cast<double>(p) * theta[j]);
            }
        }
        QCOMPARE(thrownParameter([&] { rope::mropeAngles(theta.head(10), axis, rows); }),
                 QStringLiteral("mrope-section"));
    }

    // ---- Dynamic NTK and the KV cache ----------------------------------------------------------

    void kvCacheCurveMatchesTheReference() {
        for (const ref::KvCase& c : ref::kvCases()) {
            const Eigen::MatrixXd curve = rope::dynamicNtkKvCacheCurve(
                128, 1e4, 4.0, 4096, c.cachedLen, c.seqLen, c.kPos, {c.kPos, c.qPos});
            QCOMPARE(curve.rows(), 2);
            QVERIFY(std::abs(curve(1, 0) - c.consistent) <= kScoreAbsTol);
            QVERIFY(std::abs(curve(1, 1) - c.cachedKey) <= kScoreAbsTol);
            // Query at the key's own position: the consistent score is Σ (2/D)·cos 0 = 1.
            QVERIFY(rope::test::close(curve(0, 0), 1.0, 4 * kEps));
        }
        QCOMPARE(thrownParameter([] {
                     rope::dynamicNtkKvCacheCurve(64, 1e4, 2.0, 4096, 4096, 8192, 100, {200, 50});
                 }),
                 QStringLiteral("q-pos"));
    }

    // The largest |cached − consistent| over a range of lengths, against a long-double
    // recomputation from the definition: b'(L) = b·(s·max(L, L₀)/L₀ − (s − 1))^{D/(D−2)},
    // θ_i(L) = b'(L)^{−2i/D}, score = (2/D)·Σ cos(angle). Query moving (m = L − 1) and fixed,
    // stride 1 and 3; any thread count gives the same answer; a cancelled control says so.
    void kvCacheLargestMismatchScansEveryLength() {
        const int dim = 16;
        const long double base = 1e4L;
        const long double s = 3.0L;
        const int l0 = 64;
        const long long cached = 40;
        const long long key = 37;
        const auto thetas = [&](long long len) {
            const long double ratio = s * std::max<long double>(len, l0) / l0 - (s - 1);
            const long double scaled = base * std::pow(ratio, (long double)dim / (dim - 2));
            std::vector<long double> t(dim / 2);
            for (int i = 0; i < dim / 2; ++i) {
                t[std::size_t(i)] = std::pow(scaled, -2.0L * i / dim);
            }
            return t;
        };
        const std::vector<long double> then = thetas(cached);
        for (const long long query : {-1LL, 45LL}) {
            for (const long long stride : {1LL, 3LL}) {
                const long long first = query < 0 ? cached : std::max(cached, query + 1);
                const long long last = 300;
                long double largest = -1;
                long long at = 0;
                for (long long len = first; len <= last; len += stride) {
                    const long double m = query < 0 ? len - 1 : query;
                    const std::vector<long double> now = thetas(len);
                    long double consistent = 0;
                    long double cachedKey = 0;
                    for (int i = 0; i < dim / 2; ++i) {
                        consistent += std::cos((m - key) * now[std::size_t(i)]);
                        cachedKey += std::cos(m * now[std::size_t(i)] - key * then[std::size_t(i)]);
                    }
                    const long double gap = std::fabs(cachedKey - consistent) * 2 / dim;
                    if (gap > largest) {
                        largest = gap;
                        at = len;
                    }
                }
                for (const int threads : {1, 2, 5}) {
                    const rope::KvCacheMismatch found =
                        rope::dynamicNtkLargestMismatch(dim, double(base), double(s), l0, cached,
                                                        first, last, stride, query, key, threads);
                    QVERIFY(found.complete);
                    QVERIFY2(std::abs(found.largest - double(largest)) < 1e-12,
                             qPrintable(QStringLiteral("query %1 stride %2 threads %3: %4 vs %5")
                                            .arg(query)
                                            .arg(stride)
                                            .arg(threads)
                                            .arg(found.largest, 0, 'g', 17)
                                            .arg(double(largest), 0, 'g', 17)));
                    QCOMPARE(found.atLength, at);
                }
            }
        }
        // The sampled curve: each length's two scores, across L₀ (θ(L) fixed up to it).
        const std::vector<long long> lengths = {40, 63, 64, 65, 200, 41};
        const std::vector<rope::KvCacheScores> scores = rope::dynamicNtkKvCacheScoresOverLengths(
            dim, double(base), double(s), l0, cached, lengths, -1, key);
        QCOMPARE(scores.size(), lengths.size());
        for (std::size_t j = 0; j < lengths.size(); ++j) {
            const long double m = lengths[j] - 1;
            const std::vector<long double> now = thetas(lengths[j]);
            long double consistent = 0;
            long double cachedKey = 0;
            for (int i = 0; i < dim / 2; ++i) {
                consistent += std::cos((m - key) * now[std::size_t(i)]) * 2 / dim;
                cachedKey +=
                    std::cos(m * now[std::size_t(i)] - key * then[std::size_t(i)]) * 2 / dim;
            }
            QVERIFY(std::abs(scores[j].consistent - double(consistent)) < 1e-12);
            QVERIFY(std::abs(scores[j].cachedKey - double(cachedKey)) < 1e-12);
        }
        rope::WorkControl cancelled;
        cancelled.cancel();
        QVERIFY(!rope::dynamicNtkLargestMismatch(dim, 1e4, 3.0, l0, cached, cached, 5000, 1, -1,
                                                 key, 2, &cancelled)
                     .complete);
        QCOMPARE(thrownParameter([] {
                     rope::dynamicNtkLargestMismatch(16, 1e4, 3.0, 64, 40, 40, 300, 0, -1, 37);
                 }),
                 QStringLiteral("stride"));
        QCOMPARE(thrownParameter([] {
                     rope::dynamicNtkLargestMismatch(16, 1e4, 3.0, 64, 40, 40, 300, 1, 20, 37);
                 }),
                 QStringLiteral("q-pos"));
    }

    void kvCacheScoresMatchExplicitRotation() {
        for (const ref::KvCase& c : ref::kvCases()) {
            const rope::KvCacheScores s = rope::dynamicNtkKvCacheScores(
                128, 1e4, 4.0, 4096, c.cachedLen, c.seqLen, c.qPos, c.kPos);
            QVERIFY2(std::abs(s.consistent - c.consistent) <= kScoreAbsTol,
                     qPrintable(QStringLiteral("consistent %1 vs %2")
                                    .arg(s.consistent, 0, 'g', 17)
                                    .arg(c.consistent, 0, 'g', 17)));
            QVERIFY2(std::abs(s.cachedKey - c.cachedKey) <= kScoreAbsTol,
                     qPrintable(QStringLiteral("cached %1 vs %2")
                                    .arg(s.cachedKey, 0, 'g', 17)
                                    .arg(c.cachedKey, 0, 'g', 17)));
        }
        // Same position, cache as long as the sequence: every cosine is 1, the score is 1.
        const rope::KvCacheScores same =
            rope::dynamicNtkKvCacheScores(64, 1e4, 2.0, 1024, 8192, 8192, 500, 500);
        QVERIFY(rope::test::close(same.consistent, 1.0, 4 * kEps));
        QVERIFY(rope::test::close(same.cachedKey, 1.0, 4 * kEps));
    }

    void kvCacheRejectsImpossiblePositions_data() {
        QTest::addColumn<qlonglong>("cachedLen");
        QTest::addColumn<qlonglong>("seqLen");
        QTest::addColumn<qlonglong>("qPos");
        QTest::addColumn<qlonglong>("kPos");
        QTest::addColumn<QString>("parameter");
        QTest::newRow("cache longer than sequence")
            << 9000LL << 8000LL << 10LL << 5LL << "cached-len";
        QTest::newRow("key not cached yet") << 4096LL << 8000LL << 5000LL << 4096LL << "k-pos";
        QTest::newRow("query before key") << 4096LL << 8000LL << 10LL << 20LL << "q-pos";
        QTest::newRow("query beyond sequence") << 4096LL << 8000LL << 8000LL << 20LL << "q-pos";
        QTest::newRow("sequence 0") << 1LL << 0LL << 0LL << 0LL << "seq-len";
    }
    void kvCacheRejectsImpossiblePositions() {
        QFETCH(qlonglong, cachedLen);
        QFETCH(qlonglong, seqLen);
        QFETCH(qlonglong, qPos);
        QFETCH(qlonglong, kPos);
        QFETCH(QString, parameter);
        QCOMPARE(thrownParameter([&] {
                     rope::dynamicNtkKvCacheScores(64, 1e4, 2.0, 4096, cachedLen, seqLen, qPos,
                                                   kPos);
                 }),
                 parameter);
    }
};

QTEST_MAIN(TestModernRope)
#include "tst_modern_rope.moc"
