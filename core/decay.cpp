// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/decay.h"

#include "core/frequencies.h"
#include "core/rope_params.h"

#include <cmath>
#include <random>
#include <string>

namespace rope {

namespace {

void validateInvFreq(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    if (invFreq.size() < 1 || invFreq.size() > limits::kMaxDim / 2) {
        throw InvalidParameter("inv_freq",
                               "inv_freq must hold 1 to " + std::to_string(limits::kMaxDim / 2) +
                                   " frequencies, got " + std::to_string(invFreq.size()));
    }
    // θ_i = 0 is allowed: it is a pair that does not rotate (partial rotary, Su's §"部分旋转").
    if (!(invFreq.isFinite().all() && (invFreq >= 0.0).all())) {
        throw InvalidParameter("inv_freq", "inv_freq must be finite and >= 0");
    }
}

void validateDistances(const Eigen::Ref<const Eigen::ArrayXd>& distances) {
    if (distances.size() > limits::kMaxDecayPositions) {
        throw InvalidParameter("positions", "positions holds " + std::to_string(distances.size()) +
                                                " values, more than the limit " +
                                                std::to_string(limits::kMaxDecayPositions));
    }
    for (Eigen::Index j = 0; j < distances.size(); ++j) {
        validatePosition(distances[j], "positions");
    }
}

// cos and sin of the exact real product m·θ. p = fl(m·θ) and e = fma(m, θ, −p) satisfy
// p + e = m·θ exactly (fma rounds once) with |e| ≤ ulp(p)/2. Then
// cos(p + e) = cos p·cos e − sin p·sin e. While |e| < 2^-27 (|p| below ~1e8), cos e = 1 to
// within e²/2 < 2^-55 and sin e = e to within e³/6, so the first-order form is exact to the last
// bit; beyond that (|e| up to 1.2e-4 at p = 2^40) cos e and sin e are evaluated. A rounded angle
// without e would put the cosine off by up to |e|: 6e-5 at p = 2^40, 1e-10 at p = 1e6.
struct CosSin {
    double c;
    double s;
};
CosSin exactAngleCosSin(double m, double theta) {
    const double p = m * theta;
    const double e = std::fma(m, theta, -p);
    const double cp = std::cos(p);
    const double sp = std::sin(p);
    if (std::abs(e) < 0x1p-27) {
        return {cp - e * sp, sp + e * cp};
    }
    const double ce = std::cos(e);
    const double se = std::sin(e);
    return {cp * ce - sp * se, sp * ce + cp * se};
}

// Σ_i cos(m·θ_i), summed in pair order.
double cosineSumAt(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m) {
    double sum = 0.0;
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        sum += exactAngleCosSin(m, invFreq[i]).c;
    }
    return sum;
}

void validateNoise(double noise) {
    if (!std::isfinite(noise) || noise < 0.0) {
        throw InvalidParameter("noise",
                               "noise must be finite and >= 0, got " + std::to_string(noise));
    }
}

} // namespace

Eigen::ArrayXd cosineSum(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                         const Eigen::Ref<const Eigen::ArrayXd>& distances) {
    validateInvFreq(invFreq);
    validateDistances(distances);
    Eigen::ArrayXd out(distances.size());
    for (Eigen::Index j = 0; j < distances.size(); ++j) {
        out[j] = cosineSumAt(invFreq, distances[j]);
    }
    return out;
}

Eigen::ArrayXd meanCosine(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                          const Eigen::Ref<const Eigen::ArrayXd>& distances) {
    // (2/d)·Σ = Σ / (number of pairs).
    return cosineSum(invFreq, distances) / static_cast<double>(invFreq.size());
}

Eigen::ArrayXd meanCosine(int dim, double base, const Eigen::Ref<const Eigen::ArrayXd>& distances) {
    return meanCosine(inverseFrequencies(dim, base), distances);
}

Eigen::ArrayXd relativeUpperBound(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                  const Eigen::Ref<const Eigen::ArrayXd>& distances) {
    validateInvFreq(invFreq);
    validateDistances(distances);
    const Eigen::Index pairs = invFreq.size();
    Eigen::ArrayXd out(distances.size());
    for (Eigen::Index j = 0; j < distances.size(); ++j) {
        // S_j = Σ_{k<j} e^{i m θ_k}, built one pair at a time; u = (1/(d/2))·Σ_{j=1}^{d/2} |S_j|.
        double re = 0.0;
        double im = 0.0;
        double total = 0.0;
        for (Eigen::Index k = 0; k < pairs; ++k) {
            const CosSin cs = exactAngleCosSin(distances[j], invFreq[k]);
            re += cs.c;
            im += cs.s;
            total += std::hypot(re, im);
        }
        out[j] = total / static_cast<double>(pairs);
    }
    return out;
}

Eigen::ArrayXd relativeUpperBound(int dim, double base,
                                  const Eigen::Ref<const Eigen::ArrayXd>& distances) {
    return relativeUpperBound(inverseFrequencies(dim, base), distances);
}

Eigen::ArrayXd expectedSimilarScore(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    const Eigen::Ref<const Eigen::ArrayXd>& distances) {
    // E[qᵀR_m q] = Σ_i E[q_{2i}² + q_{2i+1}²]·cos(mθ_i) = 2·Σ_i cos(mθ_i).
    return 2.0 * cosineSum(invFreq, distances);
}

Eigen::ArrayXd similarScoreVariance(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    const Eigen::Ref<const Eigen::ArrayXd>& distances,
                                    double noise) {
    validateInvFreq(invFreq);
    validateDistances(distances);
    validateNoise(noise);
    const double dim = 2.0 * static_cast<double>(invFreq.size());
    Eigen::ArrayXd out(distances.size());
    for (Eigen::Index j = 0; j < distances.size(); ++j) {
        double sumSq = 0.0;
        for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
            const double c = exactAngleCosSin(distances[j], invFreq[i]).c;
            sumSq += c * c;
        }
        // Var[Σ_i χ²₂,i·c_i] = 4·Σ c_i²; Var[σ qᵀR ε] = σ²·d; the covariance is 0 (odd in ε).
        out[j] = 4.0 * sumSq + noise * noise * dim;
    }
    return out;
}

ScoreEstimate monteCarloScores(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                               const Eigen::Ref<const Eigen::ArrayXd>& distances, long long samples,
                               double noise, std::uint64_t seed) {
    validateInvFreq(invFreq);
    validateDistances(distances);
    validateNoise(noise);
    if (samples < 2 || samples > limits::kMaxMonteCarloSamples) {
        throw InvalidParameter("samples", "samples must be in [2, " +
                                              std::to_string(limits::kMaxMonteCarloSamples) +
                                              "], got " + std::to_string(samples));
    }
    const Eigen::Index pairs = invFreq.size();
    const Eigen::Index nPos = distances.size();
    const double work =
        static_cast<double>(samples) * static_cast<double>(nPos) * static_cast<double>(pairs);
    if (work > limits::kMaxMonteCarloWork) {
        throw InvalidParameter("samples", "samples × positions × pairs = " + std::to_string(work) +
                                              " exceeds the limit 2^32; use fewer samples");
    }

    // cos and sin of every (distance, pair) angle, computed once: the score of one sample is
    // qᵀR_m k = Σ_i a_i·cos(mθ_i) + b_i·sin(mθ_i) with a_i = q₀k₀ + q₁k₁ and b_i = q₁k₀ − q₀k₁
    // for the pair (q₀, q₁) = (q_{2i}, q_{2i+1}), so a batch of samples is one matrix product.
    Eigen::MatrixXd cosM(nPos, pairs);
    Eigen::MatrixXd sinM(nPos, pairs);
    for (Eigen::Index j = 0; j < nPos; ++j) {
        for (Eigen::Index i = 0; i < pairs; ++i) {
            const CosSin cs = exactAngleCosSin(distances[j], invFreq[i]);
            cosM(j, i) = cs.c;
            sinM(j, i) = cs.s;
        }
    }

    std::mt19937_64 engine(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    constexpr Eigen::Index kBatch = 256;
    Eigen::MatrixXd aRand(pairs, kBatch), bRand(pairs, kBatch), aSim(pairs, kBatch),
        bSim(pairs, kBatch);
    Eigen::VectorXd q(2 * pairs), k(2 * pairs), eps(2 * pairs);

    // Accumulate around a shift (the first batch's means) so that the variance does not
    // suffer from cancelling Σx² against N·mean² when the mean is large (m = 0: mean d).
    Eigen::ArrayXd shiftRand, shiftSim;
    Eigen::ArrayXd sumRand = Eigen::ArrayXd::Zero(nPos), sqRand = Eigen::ArrayXd::Zero(nPos);
    Eigen::ArrayXd sumSim = Eigen::ArrayXd::Zero(nPos), sqSim = Eigen::ArrayXd::Zero(nPos);

    for (long long done = 0; done < samples;) {
        const Eigen::Index batch =
            static_cast<Eigen::Index>(std::min<long long>(kBatch, samples - done));
        for (Eigen::Index s = 0; s < batch; ++s) {
            for (Eigen::Index c = 0; c < 2 * pairs; ++c) {
                q[c] = normal(engine);
            }
            for (Eigen::Index c = 0; c < 2 * pairs; ++c) {
                k[c] = normal(engine);
            }
            for (Eigen::Index c = 0; c < 2 * pairs; ++c) {
                eps[c] = normal(engine);
            }
            for (Eigen::Index i = 0; i < pairs; ++i) {
                const double q0 = q[2 * i], q1 = q[2 * i + 1];
                const double k0 = k[2 * i], k1 = k[2 * i + 1];
                const double s0 = q0 + noise * eps[2 * i], s1 = q1 + noise * eps[2 * i + 1];
                aRand(i, s) = q0 * k0 + q1 * k1;
                bRand(i, s) = q1 * k0 - q0 * k1;
                aSim(i, s) = q0 * s0 + q1 * s1;
                bSim(i, s) = q1 * s0 - q0 * s1;
            }
        }
        const auto cols = Eigen::seqN(0, batch);
        const Eigen::MatrixXd rand =
            cosM * aRand(Eigen::all, cols) + sinM * bRand(Eigen::all, cols);
        const Eigen::MatrixXd sim = cosM * aSim(Eigen::all, cols) + sinM * bSim(Eigen::all, cols);
        if (done == 0) {
            shiftRand = rand.rowwise().mean().array();
            shiftSim = sim.rowwise().mean().array();
        }
        const Eigen::ArrayXXd dRand = rand.array().colwise() - shiftRand;
        const Eigen::ArrayXXd dSim = sim.array().colwise() - shiftSim;
        sumRand += dRand.rowwise().sum();
        sqRand += dRand.square().rowwise().sum();
        sumSim += dSim.rowwise().sum();
        sqSim += dSim.square().rowwise().sum();
        done += batch;
    }

    const double n = static_cast<double>(samples);
    // Sample variance about the mean from shifted sums: (Σd² − (Σd)²/N)/(N − 1).
    const auto stdError = [n](const Eigen::ArrayXd& sum, const Eigen::ArrayXd& sq) {
        const Eigen::ArrayXd var = ((sq - sum.square() / n) / (n - 1.0)).max(0.0);
        return Eigen::ArrayXd((var / n).sqrt());
    };
    ScoreEstimate out;
    out.random = shiftRand + sumRand / n;
    out.similar = shiftSim + sumSim / n;
    out.randomStdError = stdError(sumRand, sqRand);
    out.similarStdError = stdError(sumSim, sqSim);
    return out;
}

Eigen::ArrayXd distanceRange(long long first, long long last, long long step) {
    const auto bad = [&](const std::string& why) {
        return InvalidParameter("positions", "distance range " + std::to_string(first) + ".." +
                                                 std::to_string(last) + " step " +
                                                 std::to_string(step) + ": " + why);
    };
    if (step <= 0) {
        throw bad("step must be positive");
    }
    if (last < first) {
        throw bad("last must not be below first");
    }
    const auto maxPos = static_cast<long long>(limits::kMaxPosition);
    if (first < -maxPos || last > maxPos) {
        throw bad("|distance| must be <= 2^40");
    }
    const long long count = (last - first) / step + 1;
    if (count > limits::kMaxDecayPositions) {
        throw bad("more than " + std::to_string(limits::kMaxDecayPositions) + " values");
    }
    Eigen::ArrayXd out(count);
    for (long long j = 0; j < count; ++j) {
        out[j] = static_cast<double>(first + j * step);
    }
    return out;
}

} // namespace rope
