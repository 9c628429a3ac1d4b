// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/identities.h"

#include "core/rotation.h"

#include <unsupported/Eigen/MatrixFunctions>

#include <cmath>
#include <string>

namespace rope {

namespace {

void validateDenseSize(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, int limit) {
    validateInvFreq(invFreq);
    if (2 * invFreq.size() > limit) {
        throw InvalidParameter("dim",
                               "dense matrices are limited to dim <= " + std::to_string(limit) +
                                   ", got dim " + std::to_string(2 * invFreq.size()));
    }
}

double maxAbs(const Eigen::MatrixXd& m) {
    return m.cwiseAbs().maxCoeff();
}

} // namespace

Eigen::MatrixXd relativityResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m,
                                         double n, Layout layout) {
    validatePosition(m, "m");
    validatePosition(n, "n");
    const Eigen::MatrixXd rm = rotationMatrix(invFreq, m, layout);
    const Eigen::MatrixXd rn = rotationMatrix(invFreq, n, layout);
    // n − m is exact for integers below 2^53. It may be zero, negative or up to 2^41, so R_{n−m}
    // is built from its angles (n−m)·θ_i, rounded exactly as rotationAngles() rounds m·θ_i.
    const int dim = static_cast<int>(rm.rows());
    return rm.transpose() * rn - rotationMatrixFromAngles(invFreq * (n - m), layout, dim);
}

double relativityResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                          Layout layout) {
    return maxAbs(relativityResidualMatrix(invFreq, m, n, layout));
}

Eigen::MatrixXd compositionResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m,
                                          double n, Layout layout) {
    validatePosition(m, "m");
    validatePosition(n, "n");
    const Eigen::MatrixXd rm = rotationMatrix(invFreq, m, layout);
    const int dim = static_cast<int>(rm.rows());
    return rm * rotationMatrix(invFreq, n, layout) -
           rotationMatrixFromAngles(invFreq * (m + n), layout, dim);
}

double compositionResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                           Layout layout) {
    return maxAbs(compositionResidualMatrix(invFreq, m, n, layout));
}

Eigen::MatrixXd orthogonalityResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                            double position, Layout layout) {
    const Eigen::MatrixXd r = rotationMatrix(invFreq, position, layout);
    return r.transpose() * r - Eigen::MatrixXd::Identity(r.rows(), r.cols());
}

double orthogonalityResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                             Layout layout) {
    return maxAbs(orthogonalityResidualMatrix(invFreq, position, layout));
}

double normResidual(const Eigen::Ref<const Eigen::ArrayXd>& x,
                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                    Layout layout) {
    const Eigen::ArrayXd rx = applyRopeDense(x, invFreq, position, layout);
    return std::abs(rx.matrix().norm() - x.matrix().norm());
}

double scoreResidual(const Eigen::Ref<const Eigen::ArrayXd>& q,
                     const Eigen::Ref<const Eigen::ArrayXd>& k,
                     const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                     Layout layout) {
    const double lhs = attentionScore(q, k, invFreq, m, n, layout); // validates everything
    const Eigen::MatrixXd rRel =
        rotationMatrixFromAngles(invFreq * (n - m), layout, static_cast<int>(q.size()));
    const double rhs = q.matrix().dot(rRel * k.matrix());
    return std::abs(lhs - rhs);
}

Eigen::MatrixXd rotationGenerator(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, Layout layout) {
    validateDenseSize(invFreq, limits::kMaxDenseDim);
    if (layout != Layout::Interleaved && layout != Layout::Half) {
        throw InvalidParameter("layout", "layout must be interleaved or half");
    }
    const Eigen::Index pairs = invFreq.size();
    Eigen::MatrixXd b = Eigen::MatrixXd::Zero(2 * pairs, 2 * pairs);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const Eigen::Index a = layout == Layout::Interleaved ? 2 * i : i;
        const Eigen::Index c = layout == Layout::Interleaved ? 2 * i + 1 : i + pairs;
        // d/dn of the 2×2 rotation at n = 0: [[0, −θ], [θ, 0]].
        b(a, c) = -invFreq[i];
        b(c, a) = invFreq[i];
    }
    return b;
}

Eigen::MatrixXd rotationExponential(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    double position, Layout layout) {
    validateDenseSize(invFreq, limits::kMaxExponentialDim);
    validatePosition(position, "position");
    const Eigen::MatrixXd nb = position * rotationGenerator(invFreq, layout);
    return nb.exp();
}

Eigen::MatrixXd exponentialResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                          double position, Layout layout) {
    return rotationExponential(invFreq, position, layout) -
           rotationMatrix(invFreq, position, layout);
}

double exponentialResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                           Layout layout) {
    return maxAbs(exponentialResidualMatrix(invFreq, position, layout));
}

} // namespace rope
