// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_ggml_style.h"
#include "core/kernels/rope_kernel.h"
#include "core/precision.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "tests/test_support.h"

#include <QTest>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

// Computed-angle batch mode (applyRopeBatchComputed) and the ggml-style baseline, against
// long double: cosl/sinl of p·θ_i with p and the double θ_i widened exactly (the product has
// ≤ 2^-64 relative error). Nothing here is computed with the code under test.
//
// Bounds (ε = 2^-23, u = ε/2; rope_kernel.h and rope_kernel_driver.h derive them):
// - each cos/sin value: |c − a·cos(pθ)| ≤ ½ ulp_f32(a·cos(pθ)) + a·(3·10^-14 + |pθ|·2^-53 + 2^-53);
// - each rotated output: |x' − exact| ≤ 2ε·A + FLT_MIN with A = a(|x_a| + |x_b|);
// - pass-through coordinates unchanged, bit for bit.
// A wrong quadrant, sign or swapped sin/cos is an O(1) error, 10^7 times these bounds.

namespace {

using rope::Backend;
using rope::BatchOptions;
using rope::BatchShape;
using rope::Layout;

struct Variant {
    Backend backend;
    std::string isa;
    std::string label() const { return backend == Backend::Reference ? "reference" : isa; }
    BatchOptions options(int threads = 1) const {
        BatchOptions o;
        o.backend = backend;
        o.isa = isa;
        o.threads = threads;
        o.minBytesPerThread = 0;
        return o;
    }
};

std::vector<Variant> allVariants() {
    std::vector<Variant> v{{Backend::Reference, ""}};
    for (const std::string& isa : rope::simdIsaNames()) {
        v.push_back({Backend::Simd, isa});
    }
    return v;
}

double halfUlpF32(double v) {
    if (v == 0.0) {
        return 0.0;
    }
    int e = 0;
    std::frexp(v, &e); // |v| = m·2^e, m ∈ [0.5, 1): ulp = 2^(e−24)
    return std::ldexp(1.0, e - 25);
}

// Positions up to 2^20 in magnitude, arbitrary order and sign, plus the kernel's ±2^24.
std::vector<std::int64_t> testPositions(long long rows, std::mt19937& rng) {
    std::uniform_int_distribution<std::int64_t> any(-(1 << 20), 1 << 20);
    std::vector<std::int64_t> p(static_cast<std::size_t>(rows));
    for (long long t = 0; t < rows; ++t) {
        if (t < 64) {
            p[t] = t;
        } else if (t < 128) {
            p[t] = (1 << 20) - (t - 64);
        } else if (t < 132) {
            const std::int64_t edge[] = {16777216, -16777216, 16777215, -(1 << 20)};
            p[t] = edge[t - 128];
        } else {
            p[t] = any(rng);
        }
    }
    return p;
}

// θ: a real RoPE spectrum (b = 10^4, 64 pairs), then random values in (0, 1], then θ = 1, 2.
Eigen::ArrayXd testInvFreq(int pairs, std::mt19937& rng) {
    std::uniform_real_distribution<double> unit(1e-6, 1.0);
    Eigen::ArrayXd theta(pairs);
    for (int i = 0; i < pairs; ++i) {
        theta[i] = i < 64 ? std::pow(10000.0, -2.0 * i / 128.0) : unit(rng);
    }
    theta[pairs - 2] = 1.0;
    theta[pairs - 1] = 2.0; // limits::kMaxComputedInvFreq
    return theta;
}

} // namespace

class TestRopeKernelComputed : public QObject {
    Q_OBJECT

private slots:
    // x = (1, 0) in every pair makes the output the kernel's own cos and sin: x_a' = 1·c − 0·s
    // and x_b' = 0·c + 1·s are exact in every backend (FMA or not). Checked for all pairs of
    // 4096 rows against the long double bound above, both layouts, every backend/ISA, with an
    // attention factor of 1 and of 1.3 (the pair count 131 leaves a tail for every vector width).
    void cosSinWithinBound_data() {
        QTest::addColumn<bool>("half");
        QTest::addColumn<double>("attention");
        for (const bool half : {false, true}) {
            for (const double a : {1.0, 1.3}) {
                QTest::addRow("%s a=%g", half ? "half" : "interleaved", a) << half << a;
            }
        }
    }
    void cosSinWithinBound() {
        QFETCH(bool, half);
        QFETCH(double, attention);
        std::mt19937 rng(20261123);
        const int pairs = 131;
        const long long rows = 4096;
        const std::vector<std::int64_t> positions = testPositions(rows, rng);
        const Eigen::ArrayXd theta = testInvFreq(pairs, rng);
        BatchShape shape;
        shape.seq = rows;
        shape.headsQ = 1;
        shape.headsKv = 0;
        shape.headDim = 2 * pairs;
        shape.layout = half ? Layout::Half : Layout::Interleaved;
        // Expected values and tolerances, once for all variants.
        std::vector<double> expCos(rows * pairs);
        std::vector<double> expSin(rows * pairs);
        std::vector<double> tolCos(rows * pairs);
        std::vector<double> tolSin(rows * pairs);
        for (long long t = 0; t < rows; ++t) {
            for (int i = 0; i < pairs; ++i) {
                const long double angle =
                    static_cast<long double>(positions[t]) * static_cast<long double>(theta[i]);
                const double c = static_cast<double>(attention * cosl(angle));
                const double s = static_cast<double>(attention * sinl(angle));
                const double slack =
                    attention *
                    (3e-14 + (std::abs(static_cast<double>(angle)) + 1.0) * std::ldexp(1.0, -53));
                expCos[t * pairs + i] = c;
                expSin[t * pairs + i] = s;
                tolCos[t * pairs + i] = halfUlpF32(c) + slack;
                tolSin[t * pairs + i] = halfUlpF32(s) + slack;
            }
        }
        for (const Variant& v : allVariants()) {
            std::vector<float> q(static_cast<std::size_t>(rows) * 2 * pairs, 0.0f);
            for (long long t = 0; t < rows; ++t) {
                for (int i = 0; i < pairs; ++i) {
                    q[t * 2 * pairs + (half ? i : 2 * i)] = 1.0f;
                }
            }
            rope::applyRopeBatchComputed(theta, attention, positions.data(), shape, q.data(),
                                         nullptr, v.options());
            double worst = 0.0; // largest error as a fraction of the tolerance
            for (long long t = 0; t < rows; ++t) {
                for (int i = 0; i < pairs; ++i) {
                    const float* row = q.data() + t * 2 * pairs;
                    const double c = row[half ? i : 2 * i];
                    const double s = row[half ? i + pairs : 2 * i + 1];
                    const std::size_t j = t * pairs + i;
                    const double ec = std::abs(c - expCos[j]);
                    const double es = std::abs(s - expSin[j]);
                    worst = std::max({worst, ec / tolCos[j], es / tolSin[j]});
                    if (!(ec <= tolCos[j] && es <= tolSin[j])) {
                        QFAIL(qPrintable(QStringLiteral("%1: row %2 (p = %3) pair %4 (θ = %5): "
                                                        "cos %6 vs %7, sin %8 vs %9 "
                                                        "(tolerances %10, %11)")
                                             .arg(QString::fromStdString(v.label()))
                                             .arg(t)
                                             .arg(positions[t])
                                             .arg(i)
                                             .arg(theta[i], 0, 'g', 17)
                                             .arg(c, 0, 'g', 9)
                                             .arg(expCos[j], 0, 'g', 17)
                                             .arg(s, 0, 'g', 9)
                                             .arg(expSin[j], 0, 'g', 17)
                                             .arg(tolCos[j], 0, 'g', 3)
                                             .arg(tolSin[j], 0, 'g', 3)));
                    }
                }
            }
            qInfo("%s: worst cos/sin error = %.3f of the bound", v.label().c_str(), worst);
        }
    }

    // Random Q/K, GQA (4 query heads, 1 key head), partial rotary (96 of 128), both layouts,
    // offsets that misalign the rows, positions up to 2^20: every backend/ISA within 2ε·A of
    // the exact rotation, pass-through untouched.
    void rotationWithinBound_data() {
        QTest::addColumn<bool>("half");
        QTest::addColumn<int>("rotary");
        QTest::addRow("interleaved r=96") << false << 96;
        QTest::addRow("half r=96") << true << 96;
        QTest::addRow("interleaved r=128") << false << 128;
        QTest::addRow("half r=128") << true << 128;
        QTest::addRow("half r=14") << true << 14;
    }
    void rotationWithinBound() {
        QFETCH(bool, half);
        QFETCH(int, rotary);
        std::mt19937 rng(7);
        BatchShape shape;
        shape.seq = 300;
        shape.headsQ = 4;
        shape.headsKv = 1;
        shape.headDim = 128;
        shape.rotaryDim = rotary;
        shape.layout = half ? Layout::Half : Layout::Interleaved;
        const int pairs = rotary / 2;
        const std::vector<std::int64_t> positions = testPositions(shape.seq, rng);
        Eigen::ArrayXd theta(pairs);
        for (int i = 0; i < pairs; ++i) {
            theta[i] = std::pow(500000.0, -2.0 * i / rotary);
        }
        const double a = 1.25;
        std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
        const std::size_t nq = static_cast<std::size_t>(shape.seq) * 4 * 128;
        const std::size_t nk = static_cast<std::size_t>(shape.seq) * 1 * 128;
        std::vector<float> q0(nq + 3);
        std::vector<float> k0(nk + 1);
        for (float& x : q0) {
            x = dist(rng);
        }
        for (float& x : k0) {
            x = dist(rng);
        }
        for (const Variant& v : allVariants()) {
            std::vector<float> q = q0;
            std::vector<float> k = k0;
            // Q starts 3 floats in, K 1 float in: no row is 16- or 64-byte aligned.
            rope::applyRopeBatchComputed(theta, a, positions.data(), shape, q.data() + 3,
                                         k.data() + 1, v.options());
            for (int which = 0; which < 2; ++which) {
                const int heads = which == 0 ? 4 : 1;
                const float* in = which == 0 ? q0.data() + 3 : k0.data() + 1;
                const float* out = which == 0 ? q.data() + 3 : k.data() + 1;
                for (long long t = 0; t < shape.seq; ++t) {
                    for (int h = 0; h < heads; ++h) {
                        const std::size_t base = (t * heads + h) * 128;
                        for (int i = 0; i < pairs; ++i) {
                            const int ia = half ? i : 2 * i;
                            const int ib = half ? i + pairs : 2 * i + 1;
                            const long double angle = static_cast<long double>(positions[t]) *
                                                      static_cast<long double>(theta[i]);
                            const long double c = a * cosl(angle);
                            const long double s = a * sinl(angle);
                            const long double xa = in[base + ia];
                            const long double xb = in[base + ib];
                            const double ea = static_cast<double>(xa * c - xb * s);
                            const double eb = static_cast<double>(xb * c + xa * s);
                            const double tol = 2.0 * FLT_EPSILON * a *
                                                   (std::abs(static_cast<double>(xa)) +
                                                    std::abs(static_cast<double>(xb))) +
                                               FLT_MIN;
                            const double ga = out[base + ia];
                            const double gb = out[base + ib];
                            if (!(std::abs(ga - ea) <= tol && std::abs(gb - eb) <= tol)) {
                                QFAIL(qPrintable(
                                    QStringLiteral("%1: %2 row %3 head %4 pair %5: (%6, %7) vs "
                                                   "(%8, %9), tolerance %10")
                                        .arg(QString::fromStdString(v.label()))
                                        .arg(which == 0 ? "q" : "k")
                                        .arg(t)
                                        .arg(h)
                                        .arg(i)
                                        .arg(ga, 0, 'g', 9)
                                        .arg(gb, 0, 'g', 9)
                                        .arg(ea, 0, 'g', 17)
                                        .arg(eb, 0, 'g', 17)
                                        .arg(tol, 0, 'g', 3)));
                            }
                        }
                        for (int j = rotary; j < 128; ++j) {
                            QCOMPARE(out[base + j], in[base + j]);
                        }
                    }
                }
            }
        }
    }

    // The reference computed mode is defined as the table built by buildRopeCache() applied
    // by the reference table kernel: same double formula, one rounding. Bit-identical.
    void referenceEqualsTablePath() {
        std::mt19937 rng(3);
        rope::RopeParams params;
        params.headDim = 64;
        params.layout = Layout::Half;
        params.scaling.method = rope::ScalingKind::Yarn;
        params.scaling.factor = 8.0;
        BatchShape shape;
        shape.seq = 200;
        shape.headsQ = 3;
        shape.headsKv = 2;
        shape.headDim = 64;
        shape.layout = Layout::Half;
        const std::vector<std::int64_t> positions = testPositions(shape.seq, rng);
        std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
        std::vector<float> q(200 * 3 * 64);
        std::vector<float> k(200 * 2 * 64);
        for (float& x : q) {
            x = dist(rng);
        }
        for (float& x : k) {
            x = dist(rng);
        }
        std::vector<float> q2 = q;
        std::vector<float> k2 = k;
        BatchOptions ref;
        ref.backend = Backend::Reference;
        rope::applyRopeBatchComputed(params, positions.data(), shape, q.data(), k.data(), ref);
        rope::applyRopeBatch(params, positions.data(), shape, q2.data(), k2.data(), ref);
        QVERIFY(q == q2);
        QVERIFY(k == k2);
    }

    // Row blocks on 1, 2 and 3 threads give the same bits (each row is independent).
    void threadsGiveSameResult() {
        std::mt19937 rng(11);
        BatchShape shape;
        shape.seq = 97;
        shape.headsQ = 2;
        shape.headsKv = 1;
        shape.headDim = 64;
        shape.layout = Layout::Interleaved;
        const std::vector<std::int64_t> positions = testPositions(shape.seq, rng);
        const Eigen::ArrayXd theta = testInvFreq(32, rng);
        std::vector<float> q0(97 * 2 * 64);
        std::vector<float> k0(97 * 64);
        std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
        for (float& x : q0) {
            x = dist(rng);
        }
        for (float& x : k0) {
            x = dist(rng);
        }
        for (const Variant& v : allVariants()) {
            std::vector<float> q1 = q0;
            std::vector<float> k1 = k0;
            rope::applyRopeBatchComputed(theta, 1.0, positions.data(), shape, q1.data(), k1.data(),
                                         v.options(1));
            for (const int threads : {2, 3}) {
                std::vector<float> q = q0;
                std::vector<float> k = k0;
                rope::applyRopeBatchComputed(theta, 1.0, positions.data(), shape, q.data(),
                                             k.data(), v.options(threads));
                QVERIFY2(q == q1 && k == k1, v.label().c_str());
            }
        }
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("field");
        QTest::addRow("inv_freq size") << 0 << "inv_freq";
        QTest::addRow("inv_freq above 2") << 1 << "inv_freq";
        QTest::addRow("inv_freq nan") << 2 << "inv_freq";
        QTest::addRow("inv_freq negative") << 3 << "inv_freq";
        QTest::addRow("attention zero") << 4 << "attention-factor";
        QTest::addRow("positions null") << 5 << "positions";
        QTest::addRow("position beyond 2^24") << 6 << "positions";
        QTest::addRow("isa unknown") << 7 << "isa";
        QTest::addRow("q null") << 8 << "q";
        QTest::addRow("odd rotary") << 9 << "rotary-dim";
    }
    void rejectsInvalidInput() {
        QFETCH(int, kind);
        QFETCH(QString, field);
        BatchShape shape;
        shape.seq = 2;
        shape.headsQ = 1;
        shape.headsKv = 1;
        shape.headDim = 8;
        Eigen::ArrayXd theta = Eigen::ArrayXd::Constant(4, 0.5);
        double a = 1.0;
        std::vector<std::int64_t> positions{0, 5};
        const std::int64_t* pos = positions.data();
        std::vector<float> q(16, 1.0f);
        std::vector<float> k(16, 1.0f);
        float* qp = q.data();
        BatchOptions o;
        switch (kind) {
        case 0:
            theta = Eigen::ArrayXd::Constant(3, 0.5);
            break;
        case 1:
            theta[2] = 2.0000001;
            break;
        case 2:
            theta[1] = std::nan("");
            break;
        case 3:
            theta[0] = -0.5;
            break;
        case 4:
            a = 0.0;
            break;
        case 5:
            pos = nullptr;
            break;
        case 6:
            positions[1] = 16777217;
            break;
        case 7:
            o.isa = "neon";
            break;
        case 8:
            qp = nullptr;
            break;
        case 9:
            shape.rotaryDim = 5;
            break;
        }
        try {
            rope::applyRopeBatchComputed(theta, a, pos, shape, qp, k.data(), o);
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), field);
        }
        QVERIFY(q == std::vector<float>(16, 1.0f)); // nothing touched
        QVERIFY(k == std::vector<float>(16, 1.0f));
    }

    // ggml-style baseline where its float angles are exact: b = 65536, r = 32 makes
    // σ = 65536^(−1/16) = 1/2, so θ_i = p·2^-i exactly (|p| ≤ 2^24); only cosf/sinf (glibc,
    // < 1 ulp) and the float rotation round. Bound: ulp of cos/sin (ε·A) + 2u(1+u)·A < 3ε·A.
    void ggmlStyleExactWhereAnglesAreExact_data() {
        QTest::addColumn<bool>("half");
        QTest::addRow("neox (half)") << true;
        QTest::addRow("normal (interleaved)") << false;
    }
    void ggmlStyleExactWhereAnglesAreExact() {
        QFETCH(bool, half);
        std::mt19937 rng(5);
        BatchShape shape;
        shape.seq = 200;
        shape.headsQ = 3;
        shape.headsKv = 2;
        shape.headDim = 40;
        shape.rotaryDim = 32;
        shape.layout = half ? Layout::Half : Layout::Interleaved;
        const std::vector<std::int64_t> p64 = testPositions(shape.seq, rng);
        const std::vector<std::int32_t> positions(p64.begin(), p64.end());
        rope::GgmlStyleParams g;
        g.freqBase = 65536.0f;
        std::vector<float> q0(200 * 3 * 40);
        std::vector<float> k0(200 * 2 * 40);
        std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
        for (float& x : q0) {
            x = dist(rng);
        }
        for (float& x : k0) {
            x = dist(rng);
        }
        for (const int threads : {1, 2, 3}) {
            std::vector<float> q = q0;
            std::vector<float> k = k0;
            rope::applyRopeGgmlStyle(g, positions.data(), shape, q.data(), k.data(), threads);
            for (int which = 0; which < 2; ++which) {
                const int heads = which == 0 ? 3 : 2;
                const std::vector<float>& in = which == 0 ? q0 : k0;
                const std::vector<float>& out = which == 0 ? q : k;
                for (long long t = 0; t < shape.seq; ++t) {
                    for (int h = 0; h < heads; ++h) {
                        const std::size_t base = (t * heads + h) * 40;
                        for (int i = 0; i < 16; ++i) {
                            const int ia = half ? i : 2 * i;
                            const int ib = half ? i + 16 : 2 * i + 1;
                            const long double angle =
                                std::ldexp(static_cast<long double>(positions[t]), -i);
                            const long double xa = in[base + ia];
                            const long double xb = in[base + ib];
                            const double ea =
                                static_cast<double>(xa * cosl(angle) - xb * sinl(angle));
                            const double eb =
                                static_cast<double>(xb * cosl(angle) + xa * sinl(angle));
                            const double tol =
                                3.0 * FLT_EPSILON *
                                    static_cast<double>(std::abs(xa) + std::abs(xb)) +
                                FLT_MIN;
                            QVERIFY2(std::abs(out[base + ia] - ea) <= tol &&
                                         std::abs(out[base + ib] - eb) <= tol,
                                     qPrintable(QStringLiteral("threads %1 row %2 head %3 pair %4")
                                                    .arg(threads)
                                                    .arg(t)
                                                    .arg(h)
                                                    .arg(i)));
                        }
                        for (int j = 32; j < 40; ++j) {
                            QCOMPARE(out[base + j], in[base + j]);
                        }
                    }
                }
            }
        }
    }

    // With b = 10^4 the float accumulation loses accuracy at long positions: at p ≈ 2^20 the
    // ggml-style cos/sin follow the float-accumulated angle (precision.h, tested against NumPy
    // in tst_angle_accumulation) and miss the exact one by far more than the computed mode's
    // bound, which still holds there.
    void ggmlStyleFollowsAccumulatedAngles() {
        const int r = 128;
        BatchShape shape;
        shape.seq = 1;
        shape.headsQ = 1;
        shape.headsKv = 0;
        shape.headDim = r;
        shape.layout = Layout::Half;
        const std::int32_t p = 1048573;
        std::vector<float> q(r, 0.0f);
        for (int i = 0; i < r / 2; ++i) {
            q[i] = 1.0f; // (x_a, x_b) = (1, 0): output = (cos, sin)
        }
        rope::applyRopeGgmlStyle(rope::GgmlStyleParams{}, &p, shape, q.data(), nullptr, 1);
        const Eigen::ArrayXd acc = rope::accumulatedAngles(10000.0, r, p);
        double worstVsExact = 0.0;
        for (int i = 0; i < r / 2; ++i) {
            // cosf/sinf of the float angle: within 1 ulp (+ the float product by mscale = 1).
            QVERIFY(std::abs(q[i] - std::cos(acc[i])) <= 2.0 * FLT_EPSILON);
            QVERIFY(std::abs(q[i + r / 2] - std::sin(acc[i])) <= 2.0 * FLT_EPSILON);
            const long double exact = p * powl(10000.0L, -2.0L * i / r);
            worstVsExact =
                std::max(worstVsExact, static_cast<double>(std::abs(q[i] - cosl(exact))));
        }
        QVERIFY2(worstVsExact > 1e-3, qPrintable(QString::number(worstVsExact)));
        qInfo("ggml-style at p = %d: worst |cos − cos(exact angle)| = %.3g", p, worstVsExact);
    }

    void ggmlStyleParamsFromRopeParams() {
        rope::RopeParams params;
        params.base = 500000.0;
        QCOMPARE(rope::ggmlStyleParams(params).freqBase, 500000.0f);
        QCOMPARE(rope::ggmlStyleParams(params).freqScale, 1.0f);
        params.scaling.method = rope::ScalingKind::Linear;
        params.scaling.factor = 4.0;
        QCOMPARE(rope::ggmlStyleParams(params).freqScale, 0.25f);
        params.scaling.method = rope::ScalingKind::Yarn;
        try {
            rope::ggmlStyleParams(params);
            QFAIL("no exception");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), QStringLiteral("method"));
        }
        const std::string isa = rope::ggmlStyleIsaName();
        QVERIFY(isa == "avx512f" || isa == "x86-64");
    }
};

QTEST_APPLESS_MAIN(TestRopeKernelComputed)
#include "tst_rope_kernel_computed.moc"
