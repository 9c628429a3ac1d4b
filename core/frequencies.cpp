// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frequencies.h"

#include "core/rope_params.h"

#include <cmath>
#include <numbers>

namespace rope {

Eigen::ArrayXd inverseFrequencies(int rotaryDim, double base) {
    validateDim(rotaryDim, "dim");
    validateBase(base, "base");
    const Eigen::Index pairs = rotaryDim / 2;
    // θ_i = 1 / b^(2i/d), written exactly as HF's `1.0 / (base ** (arange(0, dim, 2) / dim))`
    // but in double. glibc's pow is correctly rounded, so θ_i is within ~1.5 ulp of the true
    // value whenever 2i/d is exact in binary (every power-of-two d); exp(-(2i/d)·ln b) would
    // instead lose |2i/d·ln b| ulps (~70 for b = 1e30).
    Eigen::ArrayXd theta(pairs);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        theta[i] = 1.0 / std::pow(base, (2.0 * static_cast<double>(i)) / rotaryDim);
    }
    return theta;
}

Eigen::ArrayXd wavelengths(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    if (!(invFreq.isFinite().all() && (invFreq > 0.0).all())) {
        throw InvalidParameter("inv_freq", "inverse frequencies must be finite and positive");
    }
    return (2.0 * std::numbers::pi) / invFreq;
}

Eigen::ArrayXd rotationAngles(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position) {
    validatePosition(position, "position");
    return invFreq * position;
}

} // namespace rope
