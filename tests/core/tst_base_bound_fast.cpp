// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base_bound.h"
#include "core/cosine_sum_fast.h"
#include "core/frequencies.h"
#include "core/rope_params.h"
#include "tests/core/reference/base_bound_fast_reference_values.h"
#include "tests/core/reference/base_bound_reference_values.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

// The fast evaluator of the certified b* sweep (issue #26). Expected values: long-double sums
// (cosl of the same or of the exact angles) against the error bound stated in
// core/cosine_sum_fast.h and docs/base-bound.md; the old (reference) evaluator, whose brackets
// the NumPy sweep checks in tst_base_bound; and for d = 8, L = 131 072, which the old sweep gave
// up on, the checks of tests/core/reference/base_bound_fast_reference.py (NumPy long double and
// Python decimal at 60 digits).

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// Roundings per term of either summation order (four lanes then two, or one chain): the larger
// of the two, so the bound below does not take the count from the code under test.
double worstRoundings(long pairs) {
    return static_cast<double>(std::max((pairs + 3) / 4 + 1, pairs - 1));
}

// γ_n·(d/2)·(1 + ε) + (d/2)·ε: the arithmetic bound of the fast sum (1 ulp per cosine).
double arithmeticBound(long pairs) {
    const double n = worstRoundings(pairs);
    const double gamma = n * 0.5 * kEps / (1.0 - n * 0.5 * kEps);
    return static_cast<double>(pairs) * kEps + gamma * static_cast<double>(pairs) * (1.0 + kEps);
}

} // namespace

class TestBaseBoundFast : public QObject {
    Q_OBJECT

private slots:
    // Σ cos φ̃_i of the fast evaluator against cosl(φ̃_i) summed in long double, for the angles
    // it reports (which must be the rounded products m·θ_i), over random (b, m, d).
    void fastSumIsWithinItsArithmeticBound() {
        std::mt19937_64 rng(26);
        std::uniform_real_distribution<double> logBase(std::log(1.5), std::log(1e12));
        std::uniform_int_distribution<long long> distance(0, 1LL << 26);
        std::uniform_int_distribution<int> halfDim(1, 512);
        std::vector<double> phi(512), c(512), s(512);
        double worstRatio = 0.0;
        for (int k = 0; k < 3000; ++k) {
            const int dim = 2 * halfDim(rng);
            const double b = std::exp(logBase(rng));
            const long long m = distance(rng);
            const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, b);
            const long pairs = dim / 2;
            const double f = rope::detail::fastCosineSum(static_cast<double>(m), theta.data(),
                                                         pairs, phi.data(), c.data(), s.data());
            long double exact = 0.0L;
            for (long i = 0; i < pairs; ++i) {
                QCOMPARE(phi[i], static_cast<double>(m) * theta[i]);
                exact += cosl(static_cast<long double>(phi[i]));
                QVERIFY(std::abs(static_cast<long double>(c[i]) -
                                 cosl(static_cast<long double>(phi[i]))) <= 1.01L * kEps);
                QVERIFY(std::abs(static_cast<long double>(s[i]) -
                                 sinl(static_cast<long double>(phi[i]))) <= 1.01L * kEps);
            }
            const double err = static_cast<double>(std::abs(static_cast<long double>(f) - exact));
            const double bound = arithmeticBound(pairs);
            worstRatio = std::max(worstRatio, err / bound);
            QVERIFY2(err <= bound, qPrintable(QStringLiteral("d %1 b %2 m %3: error %4 > %5")
                                                  .arg(dim)
                                                  .arg(b)
                                                  .arg(m)
                                                  .arg(err)
                                                  .arg(bound)));
        }
        qInfo("largest error / bound: %.3g", worstRatio);
    }

    // The whole bound E(m) of the sweep (docs/base-bound.md): arithmetic, plus the angle error
    // of θ̃_i = 1/pow(b, 2i/d) and of the product, 1.01·m·Σθ_i·(2.5 + ln b)·ε, against
    // f_b(m) with θ_i = b^(−2i/d) and the angles in long double.
    void fastSumIsWithinTheSweepBound() {
        std::mt19937_64 rng(2026);
        std::uniform_real_distribution<double> logBase(std::log(1.5), std::log(1e12));
        std::uniform_int_distribution<long long> distance(0, 1LL << 22);
        std::uniform_int_distribution<int> halfDim(1, 128);
        std::vector<double> phi(128), c(128), s(128);
        for (int k = 0; k < 2000; ++k) {
            const int dim = 2 * halfDim(rng);
            const double b = std::exp(logBase(rng));
            const long long m = distance(rng);
            const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, b);
            const long pairs = dim / 2;
            const double f = rope::detail::fastCosineSum(static_cast<double>(m), theta.data(),
                                                         pairs, phi.data(), c.data(), s.data());
            long double exact = 0.0L;
            double sumTheta = 0.0;
            for (long i = 0; i < pairs; ++i) {
                const long double t = powl(static_cast<long double>(b),
                                           -2.0L * static_cast<long double>(i) / dim);
                exact += cosl(static_cast<long double>(m) * t);
                sumTheta += theta[i];
            }
            const double bound =
                std::max(16.0 * pairs * kEps, arithmeticBound(pairs)) +
                1.01 * static_cast<double>(m) * sumTheta * (2.5 + std::log(b)) * kEps;
            const double err = static_cast<double>(std::abs(static_cast<long double>(f) - exact));
            QVERIFY2(err <= bound, qPrintable(QStringLiteral("d %1 b %2 m %3: error %4 > %5")
                                                  .arg(dim)
                                                  .arg(b)
                                                  .arg(m)
                                                  .arg(err)
                                                  .arg(bound)));
        }
    }

    // The MPFR evaluation against long double: within the MPFR bound plus the long-double
    // rounding (θ by powl, the angle, cosl: a few 2^-63 relative each).
    void preciseSumAgreesWithLongDouble() {
        std::mt19937_64 rng(8);
        std::uniform_real_distribution<double> logBase(std::log(1.5), std::log(1e12));
        std::uniform_int_distribution<long long> distance(0, 1LL << 20);
        std::vector<double> phi(64), c(64), s(64);
        for (int k = 0; k < 200; ++k) {
            const int dim = 2 * (1 + static_cast<int>(rng() % 64));
            const double b = std::exp(logBase(rng));
            const long long m = distance(rng);
            double error = 0.0;
            const double f = rope::detail::preciseCosineSum(m, b, dim / 2, error, phi.data(),
                                                            c.data(), s.data());
            long double exact = 0.0L;
            for (int i = 0; i < dim / 2; ++i) {
                exact += cosl(static_cast<long double>(m) *
                              powl(static_cast<long double>(b), -2.0L * i / dim));
            }
            const double ldBound = (dim / 2) * (static_cast<double>(m) * (std::log(b) + 4.0) + 4.0) *
                                   std::ldexp(1.0, -60);
            QVERIFY(error < 1e-30 + std::abs(f) * kEps);
            QVERIFY2(std::abs(static_cast<long double>(f) - exact) <= error + ldBound,
                     qPrintable(QString::number(double(std::abs(f - exact)))));
        }
    }

    // The fast sweep proves what the old one proves, so the two brackets (each containing b*)
    // overlap; both are within the default tolerance, have the same binding m, and are bit for
    // bit the same canonical bracket.
    void fastAndReferenceBracketsAgree_data() {
        QTest::addColumn<qlonglong>("context");
        QTest::addColumn<int>("dim");
        QTest::newRow("L=1024 d=128") << 1024LL << 128;
        QTest::newRow("L=4096 d=128") << 4096LL << 128;
        QTest::newRow("L=32768 d=128") << 32768LL << 128;
        QTest::newRow("L=100000 d=64") << 100000LL << 64;
        QTest::newRow("L=3000 d=16") << 3000LL << 16;
        QTest::newRow("L=5000 d=10") << 5000LL << 10;
    }
    void fastAndReferenceBracketsAgree() {
        QFETCH(qlonglong, context);
        QFETCH(int, dim);
        rope::MinimalBaseOptions reference;
        reference.backend = rope::SweepBackend::Reference;
        rope::MinimalBaseOptions fast;
        fast.backend = rope::SweepBackend::Fast;
        fast.threads = 2;
        const rope::MinimalBase a = rope::minimalBase(context, dim, reference);
        const rope::MinimalBase b = rope::minimalBase(context, dim, fast);
        QVERIFY(a.found && b.found);
        QVERIFY(std::max(a.lowerBracket, b.lowerBracket) <= std::min(a.base, b.base));
        QVERIFY(b.base / b.lowerBracket - 1.0 <= 1e-9);
        QCOMPARE(b.argminDistance, a.argminDistance);
        // The canonical bracket: bit for bit the same (it was ten digits before).
        QVERIFY(a.canonical && b.canonical);
        QVERIFY(b.base == a.base && b.lowerBracket == a.lowerBracket);
        QCOMPARE(b.roundingGaps, 0LL);
    }

    // The ladder of the fast sweep, θ_i = exp(−(2i/d)·ln b) with SLEEF's log and exp
    // (detail::fastLadder()), against b^(−2i/d) by powl in long double: every relative error
    // within the (1.01 + 2.01·ln b)·ε that the sweep's error bound assumes
    // (core/cosine_sum_fast.h), over random b ∈ (4/π, 1e30] and d up to 1 024.
    void fastLadderIsWithinItsBound() {
        std::mt19937_64 rng(2026);
        std::uniform_real_distribution<double> logBase(std::log(4.0 / 3.14159265358979),
                                                       std::log(1e30));
        std::uniform_int_distribution<int> halfDim(1, 512);
        std::vector<double> rate(512), theta(512);
        double worstRatio = 0.0;
        for (int k = 0; k < 2000; ++k) {
            const int dim = 2 * halfDim(rng);
            const double b = std::exp(logBase(rng));
            const long pairs = dim / 2;
            for (long i = 0; i < pairs; ++i) {
                rate[static_cast<std::size_t>(i)] = (2.0 * static_cast<double>(i)) / dim;
            }
            rope::detail::fastLadder(b, rate.data(), pairs, theta.data());
            const double bound = (1.01 + 2.01 * std::log(b)) * kEps;
            for (long i = 0; i < pairs; ++i) {
                const long double exact =
                    powl(static_cast<long double>(b),
                         -2.0L * static_cast<long double>(i) / static_cast<long double>(dim));
                const double rel = static_cast<double>(std::abs(
                    static_cast<long double>(theta[static_cast<std::size_t>(i)]) / exact - 1.0L));
                worstRatio = std::max(worstRatio, rel / bound);
                QVERIFY2(rel <= bound, qPrintable(QStringLiteral("d %1 b %2 i %3: %4 > %5")
                                                      .arg(dim)
                                                      .arg(b, 0, 'g', 17)
                                                      .arg(i)
                                                      .arg(rel)
                                                      .arg(bound)));
            }
        }
        qInfo("largest ladder error: %.3f of the bound", worstRatio);
    }

    // The current fast sweep (screened walk, exp ladder, chunks on two threads) against the fast
    // sweep as first released (SweepBackend::FastBaseline: pow ladder, no screen, one sweep),
    // on a grid of (L, d) that covers the single sweep (L < 16 384), the chunked one, small d
    // (where f hugs 0 and MPFR steps in) and large d: both brackets contain b*, so they overlap;
    // same binding m; and, since the canonical refinement, both ends bit for bit.
    void fastAndBaselineAgreeOnAGrid() {
        const long long contexts[] = {600, 5000, 20000, 70000};
        const int dims[] = {8, 16, 64, 128, 256};
        int rows = 0;
        for (const long long context : contexts) {
            for (const int dim : dims) {
                if (dim == 8 && context > 5000) {
                    continue; // seconds of MPFR for the baseline; d = 8 at 131 072 is below
                }
                rope::MinimalBaseOptions baseline;
                baseline.backend = rope::SweepBackend::FastBaseline;
                baseline.threads = 2;
                baseline.workLimit = 0.0;
                rope::MinimalBaseOptions fast = baseline;
                fast.backend = rope::SweepBackend::Fast;
                const rope::MinimalBase a = rope::minimalBase(context, dim, baseline);
                const rope::MinimalBase b = rope::minimalBase(context, dim, fast);
                const QString where = QStringLiteral("L %1 d %2: [%3, %4] vs baseline [%5, %6]")
                                          .arg(context)
                                          .arg(dim)
                                          .arg(b.lowerBracket, 0, 'g', 17)
                                          .arg(b.base, 0, 'g', 17)
                                          .arg(a.lowerBracket, 0, 'g', 17)
                                          .arg(a.base, 0, 'g', 17);
                QVERIFY2(a.found && b.found, qPrintable(where));
                QVERIFY2(std::max(a.lowerBracket, b.lowerBracket) <= std::min(a.base, b.base),
                         qPrintable(where));
                QVERIFY2(b.base / b.lowerBracket - 1.0 <= 1e-9, qPrintable(where));
                QCOMPARE(b.argminDistance, a.argminDistance);
                QVERIFY2(a.canonical && b.canonical, qPrintable(where));
                QVERIFY2(b.base == a.base && b.lowerBracket == a.lowerBracket, qPrintable(where));
                ++rows;
            }
        }
        QCOMPARE(rows, 18);
    }

    // minimalBaseCurve() with the fast backend (one chain, scans on two threads) against the
    // baseline's two interleaved chains over 30 log-spaced contexts from 1 000 to 100 000
    // (d = 128): every pair of brackets overlaps and is bit for bit the same (canonical).
    void fastCurveAgreesWithBaseline() {
        std::vector<long long> contexts;
        for (int k = 0; k < 30; ++k) {
            const long long l = std::llround(1000.0 * std::pow(100.0, k / 29.0));
            if (contexts.empty() || l > contexts.back()) {
                contexts.push_back(l);
            }
        }
        const auto run = [&contexts](rope::SweepBackend backend) {
            rope::MinimalBaseOptions options;
            options.backend = backend;
            options.workLimit = 0.0;
            std::vector<rope::MinimalBase> out(contexts.size());
            rope::minimalBaseCurve(
                contexts, 128, options, 2,
                [&out](std::size_t k, const rope::MinimalBase& r) { out[k] = r; });
            return out;
        };
        const std::vector<rope::MinimalBase> a = run(rope::SweepBackend::FastBaseline);
        const std::vector<rope::MinimalBase> b = run(rope::SweepBackend::Fast);
        for (std::size_t k = 0; k < contexts.size(); ++k) {
            QVERIFY(a[k].found && b[k].found);
            QVERIFY2(std::max(a[k].lowerBracket, b[k].lowerBracket) <=
                         std::min(a[k].base, b[k].base),
                     qPrintable(QStringLiteral("L %1").arg(contexts[k])));
            QVERIFY(a[k].canonical && b[k].canonical);
            QVERIFY2(b[k].base == a[k].base && b[k].lowerBracket == a[k].lowerBracket,
                     qPrintable(QStringLiteral("L %1").arg(contexts[k])));
        }
    }

    // The screen that orders the pool walk (detail::screenCosineSum()) against Σ cosl(m·θ_i) in
    // long double over the same θ_i, random (b, m ≤ 2^26, d ≤ 1 024): within the 10⁻³ that
    // cosine_sum_fast.h states, so an estimate above the sweep's skip threshold 10⁻² always
    // means f̃ > 0 (a distance that could not have certified a step).
    void screenIsWithinItsBound() {
        std::mt19937_64 rng(20261126);
        std::uniform_real_distribution<double> logBase(std::log(2.0), std::log(1e12));
        std::uniform_int_distribution<long long> distance(0, 1LL << 26);
        std::uniform_int_distribution<int> halfDim(1, 512);
        double worst = 0.0;
        for (int trial = 0; trial < 2000; ++trial) {
            const int pairs = trial < 20 ? 512 : halfDim(rng);
            const double base = std::exp(logBase(rng));
            const long long m = trial % 3 == 0 ? distance(rng) % 4096 : distance(rng);
            std::vector<double> theta(static_cast<std::size_t>(pairs));
            std::vector<double> rate(static_cast<std::size_t>(pairs));
            long double exact = 0.0L;
            long double exactTrend = 0.0L;
            for (int i = 0; i < pairs; ++i) {
                rate[i] = (2.0 * i) / (2.0 * pairs);
                theta[i] = 1.0 / std::pow(base, rate[i]);
                const long double phi = static_cast<long double>(m) * theta[i];
                exact += std::cos(phi);
                exactTrend += std::sin(phi) * rate[i] * phi;
            }
            double trend = 0.0;
            const double estimate = rope::detail::screenCosineSum(
                static_cast<double>(m), theta.data(), rate.data(), pairs, trend);
            const double error = std::abs(static_cast<double>(estimate - exact));
            worst = std::max(worst, error);
            QVERIFY2(error < 1e-3, qPrintable(QStringLiteral("b %1 m %2 pairs %3: error %4")
                                                  .arg(base)
                                                  .arg(m)
                                                  .arg(pairs)
                                                  .arg(error)));
            // The trend only orders work: a loose relative check that it is the derivative.
            long double scale = 0.0L;
            for (int i = 0; i < pairs; ++i) {
                scale += rate[i] * static_cast<long double>(m) * theta[i];
            }
            QVERIFY(std::abs(static_cast<double>(trend - exactTrend)) <=
                    1e-4 * static_cast<double>(scale) + 1e-9);
        }
        qInfo("largest screen error %.3g (bound 1e-3)", worst);
    }

    // The chunked sweep (two threads, chunks of t = ln b swept at once) against the NumPy
    // sweep's brackets (tests/core/reference/base_bound_reference.py, every m < L of each base
    // checked there): both brackets contain b*, so they overlap; same binding m; within the
    // tolerance. L = 131 072 is the adversarial case: b* is an island 0.07 % wide, far below
    // the long-run threshold near 8.6e6, so a chunk boundary inside or next to it must neither
    // step over it nor report a base above it. The rows of L = 16 384 (d = 64, 128, 256; the
    // shortest context swept in chunks) and 131 072, both conventions.
    void chunkedSweepMatchesNumPyBrackets() {
        int rows = 0;
        for (const rope::reference::MinBaseBracket& row : rope::reference::kMinBaseBrackets) {
            if (row.context != 16384 && row.context != 131072) {
                continue;
            }
            rope::MinimalBaseOptions options;
            options.includeContext = row.inclusive;
            options.threads = 2;
            options.workLimit = 0.0;
            const rope::MinimalBase r = rope::minimalBase(row.context, row.dim, options);
            QVERIFY(r.found);
            QVERIFY2(r.lowerBracket <= row.upper && row.lower <= r.base,
                     qPrintable(QStringLiteral("L %1 d %2: [%3, %4] vs NumPy [%5, %6]")
                                    .arg(row.context)
                                    .arg(row.dim)
                                    .arg(r.lowerBracket, 0, 'g', 17)
                                    .arg(r.base, 0, 'g', 17)
                                    .arg(row.lower, 0, 'g', 17)
                                    .arg(row.upper, 0, 'g', 17)));
            QCOMPARE(r.argminDistance, row.argmin);
            QVERIFY(r.base / r.lowerBracket - 1.0 <= 1e-9);
            QCOMPARE(r.roundingGaps, 0LL);
            ++rows;
        }
        QCOMPARE(rows, 8);
    }

    // One bracket for every path (docs/base-bound.md): the reference, baseline and fast
    // backends, the fast one on one and two threads, and minimalBaseCurve()'s chain report bit
    // for bit the same base, lower end, binding m and min f on a grid of (L, d), and the
    // bracket is canonical. Independently of the code: its ends are neighbours of S_q, the
    // doubles with at most q bits after the leading one, for some q ≥ 30 (2^−30 ≤ 1e-9 < 2^−29):
    // h = base − lower (exact, Sterbenz) is a power of two, lower is a multiple of it, and
    // ilogb(lower) − ilogb(h) = q. That the bracket holds b* is checked against NumPy in
    // tst_base_bound and above.
    void backendsAgreeBitForBit() {
        const std::vector<long long> contexts{1000, 3000, 4096, 20000};
        const std::vector<int> dims{16, 64, 128};
        for (const int dim : dims) {
            std::vector<rope::MinimalBase> chain(contexts.size());
            rope::MinimalBaseOptions curveOptions;
            curveOptions.workLimit = 0.0;
            rope::minimalBaseCurve(
                contexts, dim, curveOptions, 2,
                [&chain](std::size_t k, const rope::MinimalBase& r) { chain[k] = r; });
            for (std::size_t k = 0; k < contexts.size(); ++k) {
                const long long context = contexts[k];
                std::vector<rope::MinimalBase> runs;
                for (const auto& [backend, threads] :
                     std::vector<std::pair<rope::SweepBackend, int>>{
                         {rope::SweepBackend::Reference, 1},
                         {rope::SweepBackend::FastBaseline, 1},
                         {rope::SweepBackend::Fast, 1},
                         {rope::SweepBackend::Fast, 2}}) {
                    rope::MinimalBaseOptions options;
                    options.backend = backend;
                    options.threads = threads;
                    options.workLimit = 0.0;
                    runs.push_back(rope::minimalBase(context, dim, options));
                }
                runs.push_back(chain[k]);
                const QString where = QStringLiteral("L %1 d %2").arg(context).arg(dim);
                const rope::MinimalBase& first = runs.front();
                QVERIFY2(first.found && first.canonical, qPrintable(where));
                for (const rope::MinimalBase& r : runs) {
                    QVERIFY2(r.canonical, qPrintable(where));
                    QVERIFY2(r.base == first.base && r.lowerBracket == first.lowerBracket,
                             qPrintable(where + QStringLiteral(": [%1, %2] vs [%3, %4]")
                                                    .arg(r.lowerBracket, 0, 'g', 17)
                                                    .arg(r.base, 0, 'g', 17)
                                                    .arg(first.lowerBracket, 0, 'g', 17)
                                                    .arg(first.base, 0, 'g', 17)));
                    QCOMPARE(r.argminDistance, first.argminDistance);
                    QVERIFY2(r.minValue == first.minValue, qPrintable(where));
                }
                const double h = first.base - first.lowerBracket;
                int exponent = 0;
                QCOMPARE(std::frexp(h, &exponent), 0.5);
                QCOMPARE(std::fmod(first.lowerBracket, h), 0.0);
                const int q = std::ilogb(first.lowerBracket) - std::ilogb(h);
                QVERIFY2(q >= 30 && q <= 52, qPrintable(where + QStringLiteral(": q %1").arg(q)));
            }
        }
    }

    // d = 8, L = 131 072 and d = 4, L = 614: the old sweep gave up ("f stays within rounding of
    // 0 over 32 bases in a row"); the fast one decides those signs in MPFR and answers. The
    // script checked the answers (header comment).
    void mpfrDecidesWhereDoubleCannot() {
        for (const FastSweepCase& c : kFastSweepCases) {
            rope::MinimalBaseOptions reference;
            reference.backend = rope::SweepBackend::Reference;
            reference.workLimit = 0.0;
            QVERIFY_THROWS_EXCEPTION(rope::InvalidParameter,
                                     rope::minimalBase(c.context, c.dim, reference));
            rope::MinimalBaseOptions fast;
            fast.workLimit = 0.0;
            const rope::MinimalBase r = rope::minimalBase(c.context, c.dim, fast);
            QVERIFY(r.found);
            qInfo("L %lld d %d: base %.17g lower %.17g argmin %lld, %lld MPFR evaluations",
                  c.context, c.dim, r.base, r.lowerBracket, r.argminDistance,
                  r.preciseEvaluations);
            QVERIFY(r.preciseEvaluations > 0);
            QVERIFY(r.canonical);
            QVERIFY(r.base == c.base && r.lowerBracket == c.lower);
            QCOMPARE(r.argminDistance, c.argmin);
            QVERIFY(r.base / r.lowerBracket - 1.0 <= 1e-9);
        }
    }

    // d = 4 at L = 2^20: f(m) = cos m + cos(m·b^(−1/2)) is within rounding of 0 at hundreds of m
    // at once; the sweep settles them in MPFR and answers, with the default work cap (as
    // `min-base --dim 4 --context 1048576` runs). The script re-checks the pinned bracket: f ≥ 0
    // for every m at `base` (long double, and decimal where long double is within 1e-12 of 0),
    // f(binding m) < 0 at `lower` (decimal).
    void mpfrDecidesSmallHeadsAtLongContexts() {
        for (const FastSweepCase& c : kFastSweepWideCases) {
            rope::MinimalBaseOptions fast;
            fast.threads = 2;
            const rope::MinimalBase r = rope::minimalBase(c.context, c.dim, fast);
            QVERIFY(r.found);
            QVERIFY(r.preciseEvaluations > 64);
            QVERIFY2(r.lowerBracket <= c.base && c.lower <= r.base,
                     qPrintable(QStringLiteral("[%1, %2] vs [%3, %4]")
                                    .arg(r.lowerBracket, 0, 'g', 17)
                                    .arg(r.base, 0, 'g', 17)
                                    .arg(c.lower, 0, 'g', 17)
                                    .arg(c.base, 0, 'g', 17)));
            QVERIFY(r.base / r.lowerBracket - 1.0 <= 1e-9);
            // The canonical bracket: the same in every build (AVX2 or scalar SLEEF walk other
            // candidates, but the reported cell depends only on b*).
            QVERIFY(r.canonical);
            QVERIFY(r.base == c.base && r.lowerBracket == c.lower);
            QCOMPARE(r.argminDistance, c.argmin);
        }
    }
};

QTEST_APPLESS_MAIN(TestBaseBoundFast)
#include "tst_base_bound_fast.moc"
