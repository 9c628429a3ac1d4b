// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/model_compare.h"

#include "core/scaling/scaling_registry.h"

#include <Eigen/Core>

#include <cmath>
#include <random>
#include <string>

namespace rope::ui {

ScoreComparison compareScores(const RopeParams& a, const RopeParams& b, long long context,
                              int samples, std::uint64_t seed, double threshold) {
    if (a.headDim != b.headDim) {
        throw InvalidParameter(
            "dim", "the two models have different head dimensions (" + std::to_string(a.headDim) +
                       " and " + std::to_string(b.headDim) + "); their scores are not comparable");
    }
    if (context < 1 || context > (1 << 20)) {
        throw InvalidParameter("context",
                               "--context must be in [1, 1048576], got " + std::to_string(context));
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
    const Eigen::ArrayXd ta = thetas(a);
    const Eigen::ArrayXd tb = thetas(b);
    // Per sample and pair: q·R(Δ)k over the pair (x, y) is C cos(θΔ) + S sin(θΔ) with
    // C = q_x k_x + q_y k_y and S = q_x k_y − q_y k_x.
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    Eigen::MatrixXd c(samples, pairs);
    Eigen::MatrixXd s(samples, pairs);
    for (int j = 0; j < samples; ++j) {
        for (int i = 0; i < pairs; ++i) {
            const double qx = normal(rng);
            const double qy = normal(rng);
            const double kx = normal(rng);
            const double ky = normal(rng);
            c(j, i) = qx * kx + qy * ky;
            s(j, i) = qx * ky - qy * kx;
        }
    }
    ScoreComparison out;
    out.cosine.resize(static_cast<std::size_t>(context));
    for (long long d = 0; d < context; ++d) {
        const double delta = static_cast<double>(d);
        const Eigen::VectorXd ca = (ta * delta).cos().matrix();
        const Eigen::VectorXd sa = (ta * delta).sin().matrix();
        const Eigen::VectorXd cb = (tb * delta).cos().matrix();
        const Eigen::VectorXd sb = (tb * delta).sin().matrix();
        const Eigen::VectorXd sa_ = c * ca + s * sa;
        const Eigen::VectorXd sb_ = c * cb + s * sb;
        const double denom = sa_.norm() * sb_.norm();
        const double cosv = denom > 0 ? sa_.dot(sb_) / denom : 1.0;
        out.cosine[static_cast<std::size_t>(d)] = cosv;
        if (!out.firstBelow && cosv < threshold) {
            out.firstBelow = d;
        }
    }
    return out;
}

} // namespace rope::ui
