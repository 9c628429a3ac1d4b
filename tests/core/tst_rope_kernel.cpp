// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kernels/rope_cache.h"
#include "core/kernels/rope_kernel.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "tests/test_support.h"

#include <QTest>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

// Batch RoPE kernel: every SIMD ISA against the scalar reference (the specification), and
// both against a third, independent computation: a dense d×d rotation matrix per row built in
// long double from cosl/sinl of the same angles, applied as a matrix–vector product.
//
// Tolerances (ε = FLT_EPSILON = 2^-23, u = ε/2, m = |x_a·c| + |x_b·s| for the output's pair):
// - SSE2 vs reference: 0. Both compute fl(fl(x_a c) − fl(x_b s)) with the same operations
//   (negating s in the SSE2 path is exact), and neither file allows FMA contraction.
// - AVX2 / AVX-512 vs reference: 3ε·m. The reference is within u·m + u·m(1+u) of the exact
//   x_a c − x_b s, the FMA path (one rounded product, one fused rounding) within the same, so
//   they differ by at most (2 + ε/2)·ε·m; 3ε leaves margin without hiding a wrong sign or a
//   swapped pair (those are O(m) errors, 10^7 times larger).
// - kernel vs dense long double: 2ε·m for the float arithmetic and cache rounding
//   (≤ ε·m + u·m), plus the double angle error of the cache, |pθ|·2^-53 + cos/sin's own ≤ 1 ulp,
//   times a·(|x_a| + |x_b|); θ itself (double pow) adds |pθ|·2^-52 when the test derives it
//   independently with powl.

Q_DECLARE_METATYPE(std::vector<std::int64_t>)

namespace {

using rope::Backend;
using rope::BatchOptions;
using rope::BatchShape;
using rope::Layout;

// One backend/ISA combination under test: the reference, then every SIMD ISA of this CPU.
struct Variant {
    Backend backend;
    std::string isa;
    std::string label() const { return backend == Backend::Reference ? "reference" : isa; }
    BatchOptions options(int threads,
                         long long minBytesPerThread = rope::limits::kMinBytesPerThread) const {
        BatchOptions o;
        o.backend = backend;
        o.threads = threads;
        o.minBytesPerThread = minBytesPerThread;
        o.isa = isa;
        return o;
    }
    // Bit-identical to the reference? (reference itself, SSE2, and the scalar alias.)
    bool exact() const { return backend == Backend::Reference || isa == "sse2" || isa == "scalar"; }
};

std::vector<Variant> allVariants() {
    std::vector<Variant> v{{Backend::Reference, ""}};
    for (const std::string& isa : rope::simdIsaNames()) {
        v.push_back({Backend::Simd, isa});
    }
    return v;
}

// Buffers whose data start `offset` floats (0…3) after a 64-byte boundary, so offset 0
// exercises the aligned full-width paths and 1…3 the unaligned ones, with guard floats before
// and after the tensor: an overrun or a store to the wrong place shows up as a changed guard.
// Copies re-align their own storage (a plain vector copy would not keep the alignment).
class Tensor {
public:
    static constexpr float kGuard = -12345.5f;

    Tensor(std::size_t n, int offsetFloats, std::mt19937& rng) : m_offset(offsetFloats), m_size(n) {
        allocate();
        std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
        for (std::size_t i = 0; i < n; ++i) {
            m_storage[m_base + i] = dist(rng);
        }
    }
    Tensor(const Tensor& other) : m_offset(other.m_offset), m_size(other.m_size) {
        allocate();
        const std::size_t from = other.m_base - other.m_offset;
        const std::size_t to = m_base - m_offset;
        for (std::size_t i = 0; i < m_offset + m_size + kTail; ++i) {
            m_storage[to + i] = other.m_storage[from + i];
        }
    }
    Tensor& operator=(const Tensor&) = delete;

    float* data() { return m_size == 0 ? nullptr : m_storage.data() + m_base; }
    const float* data() const { return m_storage.data() + m_base; }
    std::vector<float> values() const { return {data(), data() + m_size}; }
    bool guardsIntact() const {
        for (std::size_t i = 0; i < m_storage.size(); ++i) {
            if ((i < m_base || i >= m_base + m_size) && m_storage[i] != kGuard) {
                return false;
            }
        }
        return true;
    }

private:
    static constexpr std::size_t kTail = 4;
    void allocate() {
        // 16 floats of slack let the start move to the next 64-byte boundary.
        m_storage.assign(m_size + m_offset + kTail + 16, kGuard);
        const auto address = reinterpret_cast<std::uintptr_t>(m_storage.data());
        const std::size_t pad = ((64 - address % 64) % 64) / sizeof(float);
        m_base = pad + m_offset;
    }

    std::vector<float> m_storage;
    std::size_t m_offset = 0;
    std::size_t m_size = 0;
    std::size_t m_base = 0;
};

// Index pairs (a_i, b_i) of one head vector, written from the layout's definition.
std::pair<int, int> pairIndices(Layout layout, int rotaryDim, int i) {
    return layout == Layout::Half ? std::pair{i, i + rotaryDim / 2} : std::pair{2 * i, 2 * i + 1};
}

// m = |x_a c| + |x_b s| per output element of one tensor (0 for pass-through coordinates),
// the scale of the rounding error of x_a c ∓ x_b s.
std::vector<double> termScale(const std::vector<float>& input, const rope::RopeCache& cache,
                              const BatchShape& shape, int heads) {
    const int r = shape.effectiveRotaryDim();
    std::vector<double> m(input.size(), 0.0);
    for (long long t = 0; t < shape.seq; ++t) {
        for (int h = 0; h < heads; ++h) {
            const std::size_t base = (static_cast<std::size_t>(t) * heads + h) * shape.headDim;
            for (int i = 0; i < r / 2; ++i) {
                const auto [a, b] = pairIndices(shape.layout, r, i);
                const double c = std::abs(cache.cos[t * cache.pairs + i]);
                const double s = std::abs(cache.sin[t * cache.pairs + i]);
                const double xa = std::abs(input[base + a]);
                const double xb = std::abs(input[base + b]);
                m[base + a] = xa * c + xb * s;
                m[base + b] = xb * c + xa * s;
            }
        }
    }
    return m;
}

// Element-wise |actual − expected| ≤ tol[i]; names the first bad index with both values.
bool compareWithin(const float* actual, const std::vector<double>& expected,
                   const std::vector<double>& tol, const std::string& label, QString* message) {
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double a = actual[i];
        if (!(std::abs(a - expected[i]) <= tol[i])) {
            *message = QStringLiteral("%6: first mismatch at index %1: got %2, expected %3 "
                                      "(|diff| %4, tolerance %5)")
                           .arg(i)
                           .arg(a, 0, 'g', 9)
                           .arg(expected[i], 0, 'g', 17)
                           .arg(std::abs(a - expected[i]), 0, 'g', 3)
                           .arg(tol[i], 0, 'g', 3)
                           .arg(QString::fromStdString(label));
            return false;
        }
    }
    return true;
}

// QVERIFY2 around compareWithin; \p label names the backend/ISA under test.
#define ROPE_COMPARE_WITHIN(actual, expected, tol, label)                                          \
    do {                                                                                           \
        QString ropeMsg_;                                                                          \
        QVERIFY2(compareWithin((actual), (expected), (tol), (label), &ropeMsg_),                   \
                 qPrintable(ropeMsg_));                                                            \
    } while (false)

// y = R·x per head with R the dense d×d matrix of RoPE at the row's position, in long double:
// R(a,a) = R(b,b) = a·cos(pθ_i), R(a,b) = −a·sin(pθ_i), R(b,a) = a·sin(pθ_i), R(j,j) = 1 for
// pass-through j. Also returns the tolerance for a float kernel output (see file comment).
void denseRope(const std::vector<float>& input, const BatchShape& shape, int heads,
               const std::vector<long double>& theta, long double attentionFactor,
               const std::vector<std::int64_t>& positions, double thetaRelError,
               std::vector<double>* expected, std::vector<double>* tol) {
    const int d = shape.headDim;
    const int r = shape.effectiveRotaryDim();
    expected->assign(input.size(), 0.0);
    tol->assign(input.size(), 0.0);
    using MatrixL = Eigen::Matrix<long double, Eigen::Dynamic, Eigen::Dynamic>;
    using VectorL = Eigen::Matrix<long double, Eigen::Dynamic, 1>;
    for (long long t = 0; t < shape.seq; ++t) {
        const long double p = static_cast<long double>(positions[t]);
        MatrixL rot = MatrixL::Identity(d, d);
        std::vector<double> angleErr(r, 0.0);
        for (int i = 0; i < r / 2; ++i) {
            const auto [a, b] = pairIndices(shape.layout, r, i);
            const long double angle = p * theta[i];
            rot(a, a) = attentionFactor * cosl(angle);
            rot(b, b) = attentionFactor * cosl(angle);
            rot(a, b) = -attentionFactor * sinl(angle);
            rot(b, a) = attentionFactor * sinl(angle);
            const double e = (std::abs(static_cast<double>(angle)) * (0.5 + thetaRelError) + 4.0) *
                             std::ldexp(1.0, -52) * static_cast<double>(attentionFactor);
            angleErr[a] = e;
            angleErr[b] = e;
        }
        for (int h = 0; h < heads; ++h) {
            const std::size_t base = (static_cast<std::size_t>(t) * heads + h) * d;
            VectorL x(d);
            for (int j = 0; j < d; ++j) {
                x[j] = input[base + j];
            }
            const VectorL y = rot * x;
            for (int j = 0; j < d; ++j) {
                (*expected)[base + j] = static_cast<double>(y[j]);
            }
            for (int i = 0; i < r / 2; ++i) {
                const auto [a, b] = pairIndices(shape.layout, r, i);
                const long double c = std::abs(rot(a, a));
                const long double s = std::abs(rot(b, a));
                const double xa = std::abs(input[base + a]);
                const double xb = std::abs(input[base + b]);
                const double ma = static_cast<double>(xa * c + xb * s);
                const double mb = static_cast<double>(xb * c + xa * s);
                (*tol)[base + a] = 2.0 * FLT_EPSILON * ma + angleErr[a] * (xa + xb) + FLT_MIN;
                (*tol)[base + b] = 2.0 * FLT_EPSILON * mb + angleErr[b] * (xa + xb) + FLT_MIN;
            }
        }
    }
}

std::vector<std::int64_t> positionSet(int kind, long long seq) {
    // Arbitrary integers, not only 0…seq−1: the extremes ±1e7, their neighbours, negatives.
    static const std::int64_t extremes[] = {0,        1,         -1,     10000000, -10000000,
                                            9999999,  -9999999,  131071, 4096,     -77,
                                            16777216, -16777216, 3,      8191,     1234567};
    std::vector<std::int64_t> p(static_cast<std::size_t>(seq));
    for (long long t = 0; t < seq; ++t) {
        p[t] = kind == 0 ? t : extremes[(t * 7 + kind) % std::size(extremes)];
    }
    return p;
}

} // namespace

class TestRopeKernel : public QObject {
    Q_OBJECT

private slots:
    void backendsAreListed() {
        const std::vector<Backend> b = rope::availableBackends();
        QVERIFY(std::find(b.begin(), b.end(), Backend::Reference) != b.end());
        QVERIFY(std::find(b.begin(), b.end(), Backend::Simd) != b.end());
        const std::vector<std::string> isas = rope::simdIsaNames();
        QVERIFY(!isas.empty());
        QCOMPARE(rope::simdIsaName(), isas.front());
        for (const std::string& isa : isas) {
            QVERIFY2(isa == "avx512f" || isa == "avx2+fma" || isa == "sse2" || isa == "scalar",
                     isa.c_str());
        }
        QCOMPARE(rope::parseBackend("simd"), Backend::Simd);
        QCOMPARE(rope::parseBackend("reference"), Backend::Reference);
        QCOMPARE(std::string(rope::backendName(Backend::Simd)), std::string("simd"));
        qInfo("Backend::Simd selects '%s' on this CPU", rope::simdIsaName().c_str());
    }

    // Every pair count 1…257 (head_dim = 2·pairs, plus pass-through coordinates on a third of
    // the rows), both layouts, data pointers offset by 0…3 floats, GQA head counts, positions
    // from 0 to ±1e7 and ±2^24.
    void simdMatchesReference_data() {
        QTest::addColumn<int>("pairs");
        QTest::addColumn<int>("passThrough");
        QTest::addColumn<bool>("half");
        QTest::addColumn<int>("offset");
        QTest::addColumn<int>("offsetK");
        QTest::addColumn<int>("headsQ");
        QTest::addColumn<int>("headsKv");
        QTest::addColumn<int>("positionKind");
        for (int pairs = 1; pairs <= 257; ++pairs) {
            for (const bool half : {false, true}) {
                const int offset = (pairs + (half ? 1 : 0)) % 4;
                const int pass = pairs % 3 == 1 ? 2 * (1 + pairs % 5) : 0;
                const int headsQ = 1 + pairs % 4;
                const int headsKv = 1 + pairs % 2;
                const int kind = pairs % 5;
                QTest::addRow("pairs=%d %s pass=%d off=%d hq=%d hkv=%d pos=%d", pairs,
                              half ? "half" : "interleaved", pass, offset, headsQ, headsKv, kind)
                    << pairs << pass << half << offset << (offset + 1) % 4 << headsQ << headsKv
                    << kind;
            }
        }
        // 64-byte aligned Q and K with every head aligned too (pairs a multiple of 16, no
        // pass-through): the only case where AVX-512 runs its full-width half-layout loop.
        for (const int pairs : {16, 32, 48, 64, 128, 256}) {
            for (const bool half : {false, true}) {
                QTest::addRow("pairs=%d %s aligned", pairs, half ? "half" : "interleaved")
                    << pairs << 0 << half << 0 << 0 << 4 << 2 << pairs % 5;
            }
        }
    }
    void simdMatchesReference() {
        QFETCH(int, pairs);
        QFETCH(int, passThrough);
        QFETCH(bool, half);
        QFETCH(int, offset);
        QFETCH(int, offsetK);
        QFETCH(int, headsQ);
        QFETCH(int, headsKv);
        QFETCH(int, positionKind);
        BatchShape shape;
        shape.seq = 5;
        shape.headsQ = headsQ;
        shape.headsKv = headsKv;
        shape.headDim = 2 * pairs + passThrough;
        shape.rotaryDim = 2 * pairs;
        shape.layout = half ? Layout::Half : Layout::Interleaved;
        const std::vector<std::int64_t> positions = positionSet(positionKind, shape.seq);
        rope::RopeParams params;
        params.headDim = shape.headDim;
        params.rotaryDim = shape.rotaryDim;
        params.base = 10000.0;
        const rope::RopeCache cache = rope::buildRopeCache(params, positions.data(), shape.seq);

        std::mt19937 rng(static_cast<unsigned>(pairs * 2 + (half ? 1 : 0)));
        const std::size_t nq = static_cast<std::size_t>(shape.seq) * headsQ * shape.headDim;
        const std::size_t nk = static_cast<std::size_t>(shape.seq) * headsKv * shape.headDim;
        const Tensor q0(nq, offset, rng);
        const Tensor k0(nk, offsetK, rng);
        const std::vector<float> qIn(q0.data(), q0.data() + nq);
        const std::vector<float> kIn(k0.data(), k0.data() + nk);

        Tensor qRef = q0;
        Tensor kRef = k0;
        rope::applyRopeBatch(cache, shape, qRef.data(), kRef.data(),
                             Variant{Backend::Reference, ""}.options(1));
        const std::vector<double> qExpected(qRef.data(), qRef.data() + nq);
        const std::vector<double> kExpected(kRef.data(), kRef.data() + nk);
        const std::vector<double> qScale = termScale(qIn, cache, shape, headsQ);
        const std::vector<double> kScale = termScale(kIn, cache, shape, headsKv);

        for (const Variant& v : allVariants()) {
            const double ulps = v.exact() ? 0.0 : 3.0;
            std::vector<double> qTol(nq), kTol(nk);
            for (std::size_t i = 0; i < nq; ++i) {
                qTol[i] = ulps * FLT_EPSILON * qScale[i];
            }
            for (std::size_t i = 0; i < nk; ++i) {
                kTol[i] = ulps * FLT_EPSILON * kScale[i];
            }
            Tensor q = q0;
            Tensor k = k0;
            rope::applyRopeBatch(cache, shape, q.data(), k.data(), v.options(1));
            ROPE_COMPARE_WITHIN(q.data(), qExpected, qTol, v.label());
            ROPE_COMPARE_WITHIN(k.data(), kExpected, kTol, v.label());
            QVERIFY2(q.guardsIntact() && k.guardsIntact(), v.label().c_str());
            // Pass-through coordinates are untouched bit for bit (tolerance 0 above, m = 0).
        }
    }

    // Third, independent check: dense long double rotation matrices on real head sizes, with
    // θ_i = b^(-2i/r) recomputed here by powl (not taken from the code under test).
    void matchesDenseMatrix_data() {
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("rotaryDim");
        QTest::addColumn<bool>("half");
        QTest::addColumn<double>("base");
        QTest::addColumn<int>("positionKind");
        for (const bool half : {false, true}) {
            const char* l = half ? "half" : "interleaved";
            QTest::addRow("d=64 %s", l) << 64 << 64 << half << 1e4 << 0;
            QTest::addRow("d=80 %s big positions", l) << 80 << 80 << half << 1e4 << 1;
            QTest::addRow("d=96 %s", l) << 96 << 96 << half << 5e5 << 2;
            QTest::addRow("d=128 %s llama3 base", l) << 128 << 128 << half << 5e5 << 3;
            QTest::addRow("d=256 %s", l) << 256 << 256 << half << 1e6 << 4;
            QTest::addRow("d=128 r=64 %s partial", l) << 128 << 64 << half << 1e4 << 1;
            QTest::addRow("d=80 r=20 %s partial", l) << 80 << 20 << half << 1e4 << 2;
        }
    }
    void matchesDenseMatrix() {
        QFETCH(int, headDim);
        QFETCH(int, rotaryDim);
        QFETCH(bool, half);
        QFETCH(double, base);
        QFETCH(int, positionKind);
        BatchShape shape;
        shape.seq = 6;
        shape.headsQ = 4;
        shape.headsKv = 2;
        shape.headDim = headDim;
        shape.rotaryDim = rotaryDim;
        shape.layout = half ? Layout::Half : Layout::Interleaved;
        rope::RopeParams params;
        params.headDim = headDim;
        params.rotaryDim = rotaryDim;
        params.base = base;
        params.layout = shape.layout;
        const std::vector<std::int64_t> positions = positionSet(positionKind, shape.seq);

        std::vector<long double> theta(rotaryDim / 2);
        for (int i = 0; i < rotaryDim / 2; ++i) {
            theta[i] = powl(static_cast<long double>(base), -2.0L * i / rotaryDim);
        }
        std::mt19937 rng(static_cast<unsigned>(headDim * 1000 + rotaryDim + (half ? 7 : 0)));
        const std::size_t nq = static_cast<std::size_t>(shape.seq) * shape.headsQ * headDim;
        const std::size_t nk = static_cast<std::size_t>(shape.seq) * shape.headsKv * headDim;
        const Tensor q0(nq, 1, rng);
        const Tensor k0(nk, 3, rng);
        const std::vector<float> qIn(q0.data(), q0.data() + nq);
        const std::vector<float> kIn(k0.data(), k0.data() + nk);
        // θ from double pow(b, 2i/r): ≤ 2 ulp when 2i/r is exact, plus |2i/r·ln b|·2^-53 when
        // the exponent rounds (r not a power of two): ≤ 8·2^-52 relative for b ≤ 1e6.
        std::vector<double> qExpected, qTol, kExpected, kTol;
        denseRope(qIn, shape, shape.headsQ, theta, 1.0L, positions, 8.0, &qExpected, &qTol);
        denseRope(kIn, shape, shape.headsKv, theta, 1.0L, positions, 8.0, &kExpected, &kTol);

        for (const Variant& v : allVariants()) {
            Tensor q = q0;
            Tensor k = k0;
            rope::applyRopeBatch(params, positions.data(), shape, q.data(), k.data(), v.options(2));
            ROPE_COMPARE_WITHIN(q.data(), qExpected, qTol, v.label());
            ROPE_COMPARE_WITHIN(k.data(), kExpected, kTol, v.label());
        }
    }

    // Every registered scaling method works through the kernel: θ'_i and the attention factor
    // of scaledFrequencies() go into the cache; the expected values rotate with dense long
    // double matrices built from the same θ'_i and factor (the scaling maths itself is
    // tst_scaling_methods' business, the kernel must apply whatever it is given).
    void everyScalingMethodMatchesDense_data() {
        QTest::addColumn<QString>("method");
        for (const rope::ScalingMethod& m : rope::allScalingMethods()) {
            QTest::newRow(std::string(m.id).c_str()) << QString::fromUtf8(m.id.data(), m.id.size());
        }
    }
    void everyScalingMethodMatchesDense() {
        QFETCH(QString, method);
        rope::RopeParams params;
        params.headDim = 128;
        params.base = 5e5;
        params.layout = Layout::Half;
        params.scaling.method = rope::scalingMethod(method.toStdString()).kind;
        params.scaling.factor = 4.0;
        params.scaling.originalContext = 8192;
        params.scaling.seqLen = 65536;
        // LongRoPE needs one divisor per pair (64); seq-len > L0 selects the long list.
        params.scaling.shortFactor.assign(64, 1.5);
        params.scaling.longFactor.assign(64, 3.0);
        const rope::ScalingResult scaled = rope::scaledFrequencies(params);
        std::vector<long double> theta(scaled.invFreq.size());
        for (Eigen::Index i = 0; i < scaled.invFreq.size(); ++i) {
            theta[i] = scaled.invFreq[i];
        }
        BatchShape shape;
        shape.seq = 4;
        shape.headsQ = 2;
        shape.headsKv = 1;
        shape.headDim = 128;
        shape.layout = Layout::Half;
        const std::vector<std::int64_t> positions = positionSet(3, shape.seq);
        std::mt19937 rng(17);
        const std::size_t nq = 4 * 2 * 128;
        const std::size_t nk = 4 * 1 * 128;
        const Tensor q0(nq, 3, rng);
        const Tensor k0(nk, 0, rng);
        const std::vector<float> qIn(q0.data(), q0.data() + nq);
        const std::vector<float> kIn(k0.data(), k0.data() + nk);
        const long double a = scaled.attentionFactor;
        std::vector<double> qExpected, qTol, kExpected, kTol;
        denseRope(qIn, shape, 2, theta, a, positions, 0.0, &qExpected, &qTol);
        denseRope(kIn, shape, 1, theta, a, positions, 0.0, &kExpected, &kTol);
        for (const Variant& v : allVariants()) {
            Tensor q = q0;
            Tensor k = k0;
            rope::applyRopeBatch(params, positions.data(), shape, q.data(), k.data(), v.options(1));
            ROPE_COMPARE_WITHIN(q.data(), qExpected, qTol, v.label());
            ROPE_COMPARE_WITHIN(k.data(), kExpected, kTol, v.label());
        }
    }

    // The attention factor multiplies cos and sin (HF `attention_scaling`), so every rotated
    // coordinate scales by a and pass-through coordinates do not.
    void attentionFactorScalesRotatedPart() {
        BatchShape shape;
        shape.seq = 3;
        shape.headsQ = 2;
        shape.headsKv = 1;
        shape.headDim = 40;
        shape.rotaryDim = 32;
        shape.layout = Layout::Half;
        const std::vector<std::int64_t> positions{0, 17, -300};
        std::vector<long double> theta(16);
        Eigen::ArrayXd thetaD(16);
        for (int i = 0; i < 16; ++i) {
            // A ladder written as exact binary fractions so the double θ is exact.
            theta[i] = std::ldexp(1.0, -i);
            thetaD[i] = std::ldexp(1.0, -i);
        }
        const double a = 1.25;
        const rope::RopeCache cache = rope::buildRopeCache(thetaD, a, positions.data(), shape.seq);
        QCOMPARE(cache.cos[0], 1.25f); // position 0: a·cos 0 = a exactly
        QCOMPARE(cache.sin[0], 0.0f);
        std::mt19937 rng(5);
        const std::size_t nq = 3 * 2 * 40;
        const std::size_t nk = 3 * 1 * 40;
        const Tensor q0(nq, 0, rng);
        const Tensor k0(nk, 2, rng);
        const std::vector<float> qIn(q0.data(), q0.data() + nq);
        const std::vector<float> kIn(k0.data(), k0.data() + nk);
        std::vector<double> qExpected, qTol, kExpected, kTol;
        denseRope(qIn, shape, 2, theta, 1.25L, positions, 0.0, &qExpected, &qTol);
        denseRope(kIn, shape, 1, theta, 1.25L, positions, 0.0, &kExpected, &kTol);
        for (const Variant& v : allVariants()) {
            Tensor q = q0;
            Tensor k = k0;
            rope::applyRopeBatch(cache, shape, q.data(), k.data(), v.options(1));
            ROPE_COMPARE_WITHIN(q.data(), qExpected, qTol, v.label());
            ROPE_COMPARE_WITHIN(k.data(), kExpected, kTol, v.label());
        }
    }

    // The float cache is a·cos(pθ) rounded once: within half a float ulp plus the double angle
    // error, against cosl/sinl in long double.
    void cacheMatchesLongDouble() {
        const std::vector<std::int64_t> positions = positionSet(1, 15);
        const int dim = 128;
        Eigen::ArrayXd theta(dim / 2);
        std::vector<long double> thetaL(dim / 2);
        for (int i = 0; i < dim / 2; ++i) {
            thetaL[i] = powl(10000.0L, -2.0L * i / dim);
            theta[i] = static_cast<double>(thetaL[i]);
        }
        const rope::RopeCache cache = rope::buildRopeCache(theta, 1.0, positions.data(), 15);
        QCOMPARE(cache.rows, 15LL);
        QCOMPARE(cache.pairs, dim / 2);
        for (int t = 0; t < 15; ++t) {
            for (int i = 0; i < dim / 2; ++i) {
                // Same double θ as the cache, so only the angle product and cos/sin round.
                const long double angle = static_cast<long double>(positions[t]) * theta[i];
                const long double c = cosl(angle);
                const long double s = sinl(angle);
                const double angleErr =
                    (std::abs(static_cast<double>(angle)) + 2.0) * std::ldexp(1.0, -53);
                const float gotC = cache.cos[t * cache.pairs + i];
                const float gotS = cache.sin[t * cache.pairs + i];
                const double tolC =
                    0.5 * FLT_EPSILON * std::abs(static_cast<double>(c)) + angleErr + FLT_MIN;
                const double tolS =
                    0.5 * FLT_EPSILON * std::abs(static_cast<double>(s)) + angleErr + FLT_MIN;
                QVERIFY2(std::abs(gotC - static_cast<double>(c)) <= tolC,
                         qPrintable(QStringLiteral("cos row %1 pair %2: %3 vs %4")
                                        .arg(t)
                                        .arg(i)
                                        .arg(gotC, 0, 'g', 9)
                                        .arg(static_cast<double>(c), 0, 'g', 17)));
                QVERIFY2(std::abs(gotS - static_cast<double>(s)) <= tolS,
                         qPrintable(QStringLiteral("sin row %1 pair %2: %3 vs %4")
                                        .arg(t)
                                        .arg(i)
                                        .arg(gotS, 0, 'g', 9)
                                        .arg(static_cast<double>(s), 0, 'g', 17)));
            }
        }
    }

    // Row blocks on several threads give exactly the single-thread result.
    void threadsGiveSameResult() {
        BatchShape shape;
        shape.seq = 256; // 256·40·128·4 B = 5 MiB: five blocks of 1 MiB
        shape.headsQ = 32;
        shape.headsKv = 8;
        shape.headDim = 128;
        shape.layout = Layout::Interleaved;
        constexpr long long kOneMiB = 1024 * 1024;
        QCOMPARE(rope::plannedThreadCount(shape, 3, kOneMiB), 3);
        QCOMPARE(rope::plannedThreadCount(shape, 1, kOneMiB), 1);
        const std::vector<std::int64_t> positions = positionSet(0, shape.seq);
        rope::RopeParams params;
        params.layout = shape.layout;
        const rope::RopeCache cache = rope::buildRopeCache(params, positions.data(), shape.seq);
        std::mt19937 rng(11);
        const std::size_t nq = static_cast<std::size_t>(shape.seq) * 32 * 128;
        const std::size_t nk = static_cast<std::size_t>(shape.seq) * 8 * 128;
        const Tensor q0(nq, 0, rng);
        const Tensor k0(nk, 0, rng);
        for (const Variant& v : allVariants()) {
            Tensor q1 = q0, k1 = k0, q3 = q0, k3 = k0;
            rope::applyRopeBatch(cache, shape, q1.data(), k1.data(), v.options(1));
            rope::applyRopeBatch(cache, shape, q3.data(), k3.data(), v.options(3, kOneMiB));
            QVERIFY2(q1.values() == q3.values() && k1.values() == k3.values(), v.label().c_str());
            QVERIFY(q3.guardsIntact() && k3.guardsIntact());
        }
    }

    // With no threshold every row may be its own block: uneven blocks (7 rows on 3 threads,
    // 5 rows on 8 threads) still give the single-thread result bit for bit.
    void unevenRowBlocksGiveSameResult() {
        for (const long long seq : {7LL, 5LL}) {
            BatchShape shape;
            shape.seq = seq;
            shape.headsQ = 3;
            shape.headsKv = 1;
            shape.headDim = 80;
            shape.rotaryDim = 64;
            shape.layout = Layout::Half;
            const int requested = seq == 7 ? 3 : 8;
            QCOMPARE(rope::plannedThreadCount(shape, requested, 0),
                     static_cast<int>(std::min<long long>(requested, seq)));
            const std::vector<std::int64_t> positions = positionSet(2, seq);
            rope::RopeParams params;
            params.headDim = 80;
            params.rotaryDim = 64;
            const rope::RopeCache cache = rope::buildRopeCache(params, positions.data(), seq);
            std::mt19937 rng(static_cast<unsigned>(seq));
            const Tensor q0(static_cast<std::size_t>(seq) * 3 * 80, 1, rng);
            const Tensor k0(static_cast<std::size_t>(seq) * 1 * 80, 2, rng);
            for (const Variant& v : allVariants()) {
                Tensor q1 = q0, k1 = k0, qn = q0, kn = k0;
                rope::applyRopeBatch(cache, shape, q1.data(), k1.data(), v.options(1, 0));
                rope::applyRopeBatch(cache, shape, qn.data(), kn.data(), v.options(requested, 0));
                QVERIFY2(q1.values() == qn.values() && k1.values() == kn.values(),
                         v.label().c_str());
                QVERIFY(qn.guardsIntact() && kn.guardsIntact());
            }
        }
    }

    // Decoding one token never starts a thread; neither does work below the measured threshold.
    void smallWorkStaysOnCallingThread() {
        BatchShape decode;
        decode.seq = 1;
        decode.headsQ = 64;
        decode.headsKv = 8;
        decode.headDim = 128;
        QCOMPARE(rope::plannedThreadCount(decode, 16), 1);
        QCOMPARE(rope::plannedThreadCount(decode, 16, 0), 1); // one row is one block
        // Rows of 72·128·4 B = 36 KiB: T = min(T_req, seq, floor(B / B_min)).
        const long long rowBytes = 72LL * 128 * 4;
        BatchShape edge = decode;
        edge.seq = 2 * rope::limits::kMinBytesPerThread / rowBytes; // just below 2·B_min
        QCOMPARE(rope::plannedThreadCount(edge, 16), 1);
        edge.seq += 1; // now B ≥ 2·B_min
        QCOMPARE(rope::plannedThreadCount(edge, 16), 2);
        BatchShape big = decode;
        big.seq = 4096; // 144 MiB
        QCOMPARE(rope::plannedThreadCount(big, 2), 2);
        QCOMPARE(rope::plannedThreadCount(big, 1), 1);
        QVERIFY(rope::plannedThreadCount(big, 0) >= 1);
    }

    // A batch with no rows, or rows but no heads, holds no element: every backend, ISA and
    // thread count must return without touching memory. The tensors are real buffers of
    // random floats (not null), so a store anywhere shows up as a changed byte.
    void emptyBatchIsANoOp() {
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
        std::vector<float> q(64);
        std::vector<float> k(64);
        for (float& x : q) {
            x = dist(rng);
        }
        for (float& x : k) {
            x = dist(rng);
        }
        const std::vector<float> q0 = q;
        const std::vector<float> k0 = k;
        const auto untouched = [&] {
            return std::memcmp(q.data(), q0.data(), q.size() * sizeof(float)) == 0 &&
                   std::memcmp(k.data(), k0.data(), k.size() * sizeof(float)) == 0;
        };

        BatchShape noRows;
        noRows.seq = 0;
        noRows.headsQ = 8;
        noRows.headsKv = 8;
        const rope::RopeCache cache = rope::buildRopeCache(rope::RopeParams{}, nullptr, 0);
        QCOMPARE(cache.rows, 0LL);
        QVERIFY(cache.cos.empty() && cache.sin.empty());

        BatchShape noHeads;
        noHeads.seq = 2;
        noHeads.headsQ = 0;
        noHeads.headsKv = 0;
        const std::int64_t positions[] = {0, 1};
        const rope::RopeCache cache2 = rope::buildRopeCache(rope::RopeParams{}, positions, 2);
        QCOMPARE(cache2.rows, 2LL);

        for (const Variant& v : allVariants()) {
            for (const int threads : {1, 2}) {
                // Threshold 0: the planner would split any work, so the empty case is reached
                // through the threaded path too.
                const BatchOptions o = v.options(threads, 0);
                rope::applyRopeBatch(cache, noRows, q.data(), k.data(), o);
                QVERIFY2(untouched(), v.label().c_str());
                rope::applyRopeBatch(cache, noRows, nullptr, nullptr, o);
                rope::applyRopeBatch(cache2, noHeads, q.data(), k.data(), o);
                QVERIFY2(untouched(), v.label().c_str());
                rope::applyRopeBatch(cache2, noHeads, nullptr, nullptr, o);
            }
        }
    }

    void acceptsPositionLimit() {
        const std::int64_t positions[] = {rope::limits::kMaxKernelPosition,
                                          -rope::limits::kMaxKernelPosition, 10000000};
        const rope::RopeCache cache = rope::buildRopeCache(rope::RopeParams{}, positions, 3);
        QCOMPARE(cache.rows, 3LL);
    }

    void rejectsInvalidInput_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("parameter");
        for (const auto& [what, parameter] : invalidCases()) {
            QTest::newRow(what.c_str())
                << QString::fromStdString(what) << QString::fromStdString(parameter);
        }
    }
    void rejectsInvalidInput() {
        QFETCH(QString, what);
        QFETCH(QString, parameter);
        BatchShape shape;
        shape.seq = 2;
        shape.headsQ = 2;
        shape.headsKv = 1;
        shape.headDim = 8;
        std::vector<float> q(2 * 2 * 8, 1.0f);
        std::vector<float> k(2 * 1 * 8, 1.0f);
        const std::vector<float> qBefore = q;
        std::int64_t positions[] = {0, 5};
        rope::RopeParams params8;
        params8.headDim = 8;
        const rope::RopeCache cache = rope::buildRopeCache(params8, positions, 2);
        BatchOptions options;
        Eigen::ArrayXd theta = Eigen::ArrayXd::Constant(4, 0.5);
        double attention = 1.0;
        long long rows = 2;
        const std::string w = what.toStdString();
        // Each case breaks exactly one input of an otherwise valid call.
        const std::map<std::string, std::function<void()>> breakInput = {
            {"odd dim", [&] { shape.headDim = 7; }},
            {"zero dim", [&] { shape.headDim = 0; }},
            {"dim beyond limit", [&] { shape.headDim = 8194; }},
            {"odd rotary dim", [&] { shape.rotaryDim = 3; }},
            {"rotary dim above dim", [&] { shape.rotaryDim = 16; }},
            {"negative seq", [&] { shape.seq = -1; }},
            {"seq beyond limit", [&] { shape.seq = rope::limits::kMaxContext + 1; }},
            {"negative heads", [&] { shape.headsQ = -2; }},
            {"heads-kv beyond limit", [&] { shape.headsKv = 5000; }},
            {"cache rows differ", [&] { shape.seq = 1; }},
            {"cache pairs differ", [&] { shape.rotaryDim = 4; }},
            {"negative threads", [&] { options.threads = -1; }},
            {"threads beyond limit", [&] { options.threads = 1000; }},
            {"unknown isa", [&] { options.isa = "avx1024"; }},
            {"negative min bytes per thread", [&] { options.minBytesPerThread = -1; }},
            {"position beyond 2^24", [&] { positions[1] = rope::limits::kMaxKernelPosition + 1; }},
            {"negative position beyond 2^24", [&] { positions[0] = -20000000; }},
            {"nan inverse frequency", [&] { theta[2] = std::numeric_limits<double>::quiet_NaN(); }},
            {"negative inverse frequency", [&] { theta[0] = -0.5; }},
            {"zero attention factor", [&] { attention = 0.0; }},
            {"infinite attention factor",
             [&] { attention = std::numeric_limits<double>::infinity(); }},
            {"cache negative rows", [&] { rows = -3; }},
        };
        if (const auto it = breakInput.find(w); it != breakInput.end()) {
            it->second();
        }

        try {
            if (w.find("position") != std::string::npos ||
                w.find("frequency") != std::string::npos ||
                w.find("attention") != std::string::npos || w == "cache negative rows") {
                (void)rope::buildRopeCache(theta, attention,
                                           w == "null positions" ? nullptr : positions, rows);
            } else if (w == "unknown backend") {
                (void)rope::parseBackend("gpu");
            } else if (w == "params dim differs") {
                rope::RopeParams params16;
                params16.headDim = 16;
                rope::applyRopeBatch(params16, positions, shape, q.data(), k.data());
            } else {
                rope::applyRopeBatch(cache, shape, w == "null q" ? nullptr : q.data(),
                                     w == "null k" ? nullptr : k.data(), options);
            }
            QFAIL("no exception thrown");
        } catch (const rope::InvalidParameter& e) {
            QCOMPARE(QString::fromStdString(e.parameter()), parameter);
            QVERIFY2(QString::fromUtf8(e.what()).contains(parameter), e.what());
        }
        QVERIFY(q == qBefore); // validation happens before any data is touched
    }

private:
    static std::vector<std::pair<std::string, std::string>> invalidCases() {
        return {{"odd dim", "dim"},
                {"zero dim", "dim"},
                {"dim beyond limit", "dim"},
                {"odd rotary dim", "rotary-dim"},
                {"rotary dim above dim", "rotary-dim"},
                {"negative seq", "seq"},
                {"seq beyond limit", "seq"},
                {"negative heads", "heads"},
                {"heads-kv beyond limit", "heads-kv"},
                {"null q", "q"},
                {"null k", "k"},
                {"cache rows differ", "cache"},
                {"cache pairs differ", "cache"},
                {"negative threads", "threads"},
                {"threads beyond limit", "threads"},
                {"unknown isa", "isa"},
                {"negative min bytes per thread", "min-bytes-per-thread"},
                {"position beyond 2^24", "positions"},
                {"negative position beyond 2^24", "positions"},
                {"null positions", "positions"},
                {"nan inverse frequency", "inv_freq"},
                {"negative inverse frequency", "inv_freq"},
                {"zero attention factor", "attention-factor"},
                {"infinite attention factor", "attention-factor"},
                {"cache negative rows", "seq"},
                {"unknown backend", "backend"},
                {"params dim differs", "dim"}};
    }
};

QTEST_APPLESS_MAIN(TestRopeKernel)
#include "tst_rope_kernel.moc"
