// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/model_compare.h"

#include "core/scaling/scaling_registry.h"
#include "core/vector_state.h"

#include <Eigen/Core>

#include <algorithm>

#include <cmath>
#include <random>
#include <string>

namespace rope::io {

namespace {

// The sampled scores of both sides. Per sample and pair: q·R(Δ)k over the pair (x, y) is
// C cos(θΔ) + S sin(θΔ) with C = q_x k_x + q_y k_y and S = q_x k_y − q_y k_x.
class ScoreSampler {
public:
    ScoreSampler(const RopeParams& a, const RopeParams& b, int samples, std::uint64_t seed) {
        if (a.headDim != b.headDim) {
            throw InvalidParameter("dim", "the two models have different head dimensions (" +
                                              std::to_string(a.headDim) + " and " +
                                              std::to_string(b.headDim) +
                                              "); their scores are not comparable");
        }
        const int pairs = a.headDim / 2;
        // θ of pair i on each side; pairs a side does not rotate have θ = 0.
        const auto thetas = [pairs](const RopeParams& p) {
            const Eigen::ArrayXd f = scaledFrequencies(p).invFreq;
            Eigen::ArrayXd t = Eigen::ArrayXd::Zero(pairs);
            t.head(std::min<Eigen::Index>(f.size(), pairs)) =
                f.head(std::min<Eigen::Index>(f.size(), pairs));
            return t;
        };
        m_ta = thetas(a);
        m_tb = thetas(b);
        std::mt19937_64 rng(seed);
        std::normal_distribution<double> normal(0.0, 1.0);
        m_c.resize(samples, pairs);
        m_s.resize(samples, pairs);
        for (int j = 0; j < samples; ++j) {
            for (int i = 0; i < pairs; ++i) {
                const double qx = normal(rng);
                const double qy = normal(rng);
                const double kx = normal(rng);
                const double ky = normal(rng);
                m_c(j, i) = qx * kx + qy * ky;
                m_s(j, i) = qx * ky - qy * kx;
            }
        }
    }

    /// Both sides rotate every pair alike: their scores are the same numbers at every Δ.
    bool identical() const { return (m_ta == m_tb).all(); }

    double cosineAt(long long d) const {
        const double delta = static_cast<double>(d);
        const Eigen::VectorXd ca = (m_ta * delta).cos().matrix();
        const Eigen::VectorXd sa = (m_ta * delta).sin().matrix();
        const Eigen::VectorXd cb = (m_tb * delta).cos().matrix();
        const Eigen::VectorXd sb = (m_tb * delta).sin().matrix();
        const Eigen::VectorXd scoreA = m_c * ca + m_s * sa;
        const Eigen::VectorXd scoreB = m_c * cb + m_s * sb;
        const double denom = scoreA.norm() * scoreB.norm();
        return denom > 0 ? scoreA.dot(scoreB) / denom : 1.0;
    }

private:
    Eigen::ArrayXd m_ta;
    Eigen::ArrayXd m_tb;
    Eigen::MatrixXd m_c;
    Eigen::MatrixXd m_s;
};

void checkContext(long long context) {
    if (context < 1 || context > (1 << 20)) {
        throw InvalidParameter("context",
                               "--context must be in [1, 1048576], got " + std::to_string(context));
    }
}

} // namespace

ScoreComparison compareScores(const RopeParams& a, const RopeParams& b, long long context,
                              int samples, std::uint64_t seed, double threshold) {
    // Scalar SSE code from the GUI thread (the doctor panel) after a paint: without this the
    // dirty AVX upper state left by Qt's fill made every instruction pay (core/vector_state.h).
    clearUpperVectorState();
    const ScoreSampler sampler(a, b, samples, seed);
    checkContext(context);
    ScoreComparison out;
    out.cosine.resize(static_cast<std::size_t>(context));
    for (long long d = 0; d < context; ++d) {
        const double cosv = sampler.cosineAt(d);
        out.cosine[static_cast<std::size_t>(d)] = cosv;
        if (!out.firstBelow && cosv < threshold) {
            out.firstBelow = d;
        }
    }
    return out;
}

SampledScoreComparison compareScoresAt(const RopeParams& a, const RopeParams& b, long long context,
                                       const std::vector<long long>& distances, int samples,
                                       std::uint64_t seed, double threshold) {
    clearUpperVectorState(); // as in compareScores()
    const ScoreSampler sampler(a, b, samples, seed);
    checkContext(context);
    SampledScoreComparison out;
    out.distances = distances;
    out.cosine.reserve(distances.size());
    for (const long long d : distances) {
        if (d < 0 || d >= context) {
            throw InvalidParameter("distance", "distance " + std::to_string(d) + " outside [0, " +
                                                   std::to_string(context) + ")");
        }
        out.cosine.push_back(sampler.cosineAt(d));
    }
    // Every Δ in order until the first drop: the same first Δ as a scan of all of them. Equal
    // sides give one vector twice, whose cosine is 1 up to rounding: no Δ drops below a
    // threshold under 1, and the scan (seconds at 2^18 distances) is skipped.
    if (sampler.identical() && threshold < 1.0 - 1e-9) {
        return out;
    }
    for (long long d = 0; d < context; ++d) {
        if (sampler.cosineAt(d) < threshold) {
            out.firstBelow = d;
            break;
        }
    }
    return out;
}

} // namespace rope::io
