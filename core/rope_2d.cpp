// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rope_2d.h"

#include "core/frequencies.h"

#include <unsupported/Eigen/MatrixFunctions>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <string>

namespace rope {

namespace {

// Angles of the 2Q consecutive interleaved pairs: x·θ on the x half, then y·θ on the y half.
Eigen::ArrayXd angles2d(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x, double y) {
    Eigen::ArrayXd a(2 * invFreq.size());
    a << invFreq * x, invFreq * y;
    return a;
}

void validate2dVector(const Eigen::Ref<const Eigen::ArrayXd>& v,
                      const Eigen::Ref<const Eigen::ArrayXd>& invFreq, const char* name) {
    if (v.size() != 4 * invFreq.size()) {
        throw InvalidParameter(name, std::string(name) + " must have size 4*inv_freq.size() = " +
                                         std::to_string(4 * invFreq.size()) + ", got " +
                                         std::to_string(v.size()));
    }
    if (!v.isFinite().all()) {
        throw InvalidParameter(name, std::string(name) + " must contain only finite numbers");
    }
}

void validateGrid(int h, int w, int xq, int yq) {
    const auto side = [](int v, const char* name) {
        if (v < 1 || v > limits::kMaxGridSide) {
            throw InvalidParameter(name, std::string(name) + " must be in [1, " +
                                             std::to_string(limits::kMaxGridSide) + "], got " +
                                             std::to_string(v));
        }
    };
    side(h, "h");
    side(w, "w");
    if (xq < 0 || xq >= h) {
        throw InvalidParameter("xq", "xq must be a row in [0, " + std::to_string(h - 1) +
                                         "], got " + std::to_string(xq));
    }
    if (yq < 0 || yq >= w) {
        throw InvalidParameter("yq", "yq must be a column in [0, " + std::to_string(w - 1) +
                                         "], got " + std::to_string(yq));
    }
}

void validateGenerators(const Generators2d& g) {
    const Eigen::Index n = g.b1.rows();
    if (n < 1 || n > limits::kMaxExponentialDim || g.b1.cols() != n || g.b2.rows() != n ||
        g.b2.cols() != n) {
        throw InvalidParameter("generators", "generators must be square, of equal size in [1, " +
                                                 std::to_string(limits::kMaxExponentialDim) +
                                                 "], got " + std::to_string(g.b1.rows()) + "x" +
                                                 std::to_string(g.b1.cols()) + " and " +
                                                 std::to_string(g.b2.rows()) + "x" +
                                                 std::to_string(g.b2.cols()));
    }
    if (!g.b1.allFinite() || !g.b2.allFinite()) {
        throw InvalidParameter("generators", "generators must contain only finite numbers");
    }
    // Bᵀ = −B is what makes exp(B) orthogonal; allow only rounding-sized asymmetry.
    for (const Eigen::MatrixXd* b : {&g.b1, &g.b2}) {
        const double scale = std::max(1.0, b->cwiseAbs().maxCoeff());
        if ((*b + b->transpose()).cwiseAbs().maxCoeff() > 1e-12 * scale) {
            throw InvalidParameter("generators", "generators must be skew-symmetric (B^T = -B)");
        }
    }
}

} // namespace

Eigen::ArrayXd inverseFrequencies2d(int dim, double base) {
    if (dim < 4 || dim > limits::kMaxDim || dim % 4 != 0) {
        throw InvalidParameter("dim", "2D RoPE needs dim a multiple of 4 in [4, " +
                                          std::to_string(limits::kMaxDim) + "], got " +
                                          std::to_string(dim));
    }
    return inverseFrequencies(dim / 2, base); // θ_j = b^(-2j/(d/2))
}

Eigen::MatrixXd rotationMatrix2d(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x,
                                 double y) {
    validateInvFreq(invFreq);
    validatePosition(x, "x");
    validatePosition(y, "y");
    if (4 * invFreq.size() > limits::kMaxDenseDim) {
        throw InvalidParameter("dim", "dense 2D rotations are limited to dim <= " +
                                          std::to_string(limits::kMaxDenseDim) + ", got dim " +
                                          std::to_string(4 * invFreq.size()));
    }
    return rotationMatrixFromAngles(angles2d(invFreq, x, y), Layout::Interleaved,
                                    static_cast<int>(4 * invFreq.size()));
}

Eigen::ArrayXd applyRope2d(const Eigen::Ref<const Eigen::ArrayXd>& v,
                           const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x, double y) {
    validateInvFreq(invFreq);
    validate2dVector(v, invFreq, "vector");
    validatePosition(x, "x");
    validatePosition(y, "y");
    const Eigen::Index half = 2 * invFreq.size();
    Eigen::ArrayXd out(v.size());
    out << applyRopeInterleaved(v.head(half), invFreq, x),
        applyRopeInterleaved(v.tail(half), invFreq, y);
    return out;
}

Eigen::MatrixXd relativity2dResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                           double x1, double y1, double x2, double y2) {
    validatePosition(x1, "x1");
    validatePosition(y1, "y1");
    validatePosition(x2, "x2");
    validatePosition(y2, "y2");
    const Eigen::MatrixXd r1 = rotationMatrix2d(invFreq, x1, y1);
    const Eigen::MatrixXd r2 = rotationMatrix2d(invFreq, x2, y2);
    // The differences may exceed 2^40 or be negative; build R_{Δx,Δy} from its angles.
    return r1.transpose() * r2 - rotationMatrixFromAngles(angles2d(invFreq, x2 - x1, y2 - y1),
                                                          Layout::Interleaved,
                                                          static_cast<int>(r1.rows()));
}

double relativity2dResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x1, double y1,
                            double x2, double y2) {
    return relativity2dResidualMatrix(invFreq, x1, y1, x2, y2).cwiseAbs().maxCoeff();
}

Position2d recoverPosition2d(const Eigen::Ref<const Eigen::MatrixXd>& rotation,
                             const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    validateInvFreq(invFreq);
    const Eigen::Index d = 4 * invFreq.size();
    if (rotation.rows() != d || rotation.cols() != d || !rotation.allFinite()) {
        throw InvalidParameter("rotation", "rotation must be a finite " + std::to_string(d) + "x" +
                                               std::to_string(d) + " matrix, got " +
                                               std::to_string(rotation.rows()) + "x" +
                                               std::to_string(rotation.cols()));
    }
    // Pairs from the slowest to the fastest turning.
    std::vector<Eigen::Index> order(static_cast<std::size_t>(invFreq.size()));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    std::stable_sort(order.begin(), order.end(),
                     [&invFreq](Eigen::Index a, Eigen::Index b) { return invFreq[a] < invFreq[b]; });
    const auto unwrap = [&](Eigen::Index offset) {
        double estimate = 0.0;
        bool first = true;
        for (const Eigen::Index j : order) {
            // Block of pair j is [[cos φ, −sin φ], [sin φ, cos φ]]: φ = atan2(sin, cos) ∈ (−π, π].
            const Eigen::Index i = offset + 2 * j;
            const double phi = std::atan2(rotation(i + 1, i), rotation(i, i));
            const double theta = invFreq[j];
            if (first) {
                estimate = phi / theta;
                first = false;
                continue;
            }
            const double turns =
                std::round((estimate * theta - phi) / (2.0 * std::numbers::pi));
            estimate = (phi + 2.0 * std::numbers::pi * turns) / theta;
        }
        return estimate;
    };
    return Position2d{unwrap(0), unwrap(d / 2)};
}

Generators2d ropeGenerators2d(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    validateInvFreq(invFreq);
    const Eigen::Index q = invFreq.size();
    if (4 * q > limits::kMaxDenseDim) {
        throw InvalidParameter("dim", "dense 2D generators are limited to dim <= " +
                                          std::to_string(limits::kMaxDenseDim) + ", got dim " +
                                          std::to_string(4 * q));
    }
    Generators2d g{Eigen::MatrixXd::Zero(4 * q, 4 * q), Eigen::MatrixXd::Zero(4 * q, 4 * q)};
    for (Eigen::Index j = 0; j < q; ++j) {
        const Eigen::Index ix = 2 * j;
        const Eigen::Index iy = 2 * q + 2 * j;
        g.b1(ix, ix + 1) = -invFreq[j];
        g.b1(ix + 1, ix) = invFreq[j];
        g.b2(iy, iy + 1) = -invFreq[j];
        g.b2(iy + 1, iy) = invFreq[j];
    }
    return g;
}

Generators2d nonCommutingGenerators() {
    Generators2d g{Eigen::MatrixXd::Zero(3, 3), Eigen::MatrixXd::Zero(3, 3)};
    g.b1(0, 1) = -1.0; // rotation in the (e0, e1) plane
    g.b1(1, 0) = 1.0;
    g.b2(1, 2) = -1.0; // rotation in the (e1, e2) plane: shares e1 with B1
    g.b2(2, 1) = 1.0;
    return g;
}

double commutatorNorm(const Generators2d& generators) {
    validateGenerators(generators);
    return (generators.b1 * generators.b2 - generators.b2 * generators.b1).cwiseAbs().maxCoeff();
}

Eigen::MatrixXd generatorExponential(const Generators2d& generators, double x, double y) {
    validateGenerators(generators);
    validatePosition(x, "x");
    validatePosition(y, "y");
    const Eigen::MatrixXd a = x * generators.b1 + y * generators.b2;
    return a.exp();
}

Eigen::MatrixXd generatorRelativityResidualMatrix(const Generators2d& generators, double x1,
                                                  double y1, double x2, double y2) {
    validateGenerators(generators);
    validatePosition(x1, "x1");
    validatePosition(y1, "y1");
    validatePosition(x2, "x2");
    validatePosition(y2, "y2");
    const Eigen::MatrixXd e1 = generatorExponential(generators, x1, y1);
    const Eigen::MatrixXd e2 = generatorExponential(generators, x2, y2);
    // The difference may leave the position range; exponentiate it directly.
    const Eigen::MatrixXd delta = (x2 - x1) * generators.b1 + (y2 - y1) * generators.b2;
    return e1.transpose() * e2 - Eigen::MatrixXd(delta.exp());
}

double generatorRelativityResidual(const Generators2d& generators, double x1, double y1, double x2,
                                   double y2) {
    return generatorRelativityResidualMatrix(generators, x1, y1, x2, y2).cwiseAbs().maxCoeff();
}

double exponential2dResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x, double y) {
    validateInvFreq(invFreq);
    if (4 * invFreq.size() > limits::kMaxExponentialDim) {
        throw InvalidParameter("dim", "matrix exponentials are limited to dim <= " +
                                          std::to_string(limits::kMaxExponentialDim) +
                                          ", got dim " + std::to_string(4 * invFreq.size()));
    }
    const Eigen::MatrixXd e = generatorExponential(ropeGenerators2d(invFreq), x, y);
    return (e - rotationMatrix2d(invFreq, x, y)).cwiseAbs().maxCoeff();
}

double patchScore2d(const Eigen::Ref<const Eigen::ArrayXd>& q,
                    const Eigen::Ref<const Eigen::ArrayXd>& k,
                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double xq, double yq,
                    double xk, double yk) {
    validateInvFreq(invFreq);
    validate2dVector(q, invFreq, "q");
    validate2dVector(k, invFreq, "k");
    validatePosition(xq, "xq");
    validatePosition(yq, "yq");
    validatePosition(xk, "xk");
    validatePosition(yk, "yk");
    return (applyRope2d(q, invFreq, xq, yq) * applyRope2d(k, invFreq, xk, yk)).sum();
}

Eigen::MatrixXd gridScores2d(const Eigen::Ref<const Eigen::ArrayXd>& q,
                             const Eigen::Ref<const Eigen::ArrayXd>& k,
                             const Eigen::Ref<const Eigen::ArrayXd>& invFreq, int h, int w, int xq,
                             int yq) {
    validateInvFreq(invFreq);
    validate2dVector(q, invFreq, "q");
    validate2dVector(k, invFreq, "k");
    validateGrid(h, w, xq, yq);
    const Eigen::ArrayXd rq = applyRope2d(q, invFreq, xq, yq); // rotate the query once
    Eigen::MatrixXd s(h, w);
    for (int x = 0; x < h; ++x) {
        for (int y = 0; y < w; ++y) {
            s(x, y) = (rq * applyRope2d(k, invFreq, x, y)).sum();
        }
    }
    return s;
}

Eigen::MatrixXd gridScoresFlattened(const Eigen::Ref<const Eigen::ArrayXd>& q,
                                    const Eigen::Ref<const Eigen::ArrayXd>& k,
                                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq, int h, int w,
                                    int xq, int yq) {
    validateGrid(h, w, xq, yq);
    // attentionScore validates q, k and invFreq; rotate the query once all the same.
    attentionScore(q, k, invFreq, 0.0, 0.0, Layout::Interleaved);
    const Eigen::ArrayXd rq = applyRopeInterleaved(q, invFreq, double(xq) * w + yq);
    Eigen::MatrixXd s(h, w);
    for (int x = 0; x < h; ++x) {
        for (int y = 0; y < w; ++y) {
            s(x, y) = (rq * applyRopeInterleaved(k, invFreq, double(x) * w + y)).sum();
        }
    }
    return s;
}

Eigen::MatrixXd flattenedTokenOffsets(int h, int w, int xq, int yq) {
    validateGrid(h, w, xq, yq);
    Eigen::MatrixXd offsets(h, w);
    for (int x = 0; x < h; ++x) {
        for (int y = 0; y < w; ++y) {
            offsets(x, y) = double(x - xq) * w + (y - yq);
        }
    }
    return offsets;
}

FlatteningComparison compareFlattening(const Eigen::Ref<const Eigen::ArrayXd>& q,
                                       const Eigen::Ref<const Eigen::ArrayXd>& k,
                                       const Eigen::Ref<const Eigen::ArrayXd>& invFreq2d,
                                       const Eigen::Ref<const Eigen::ArrayXd>& invFreq1d, int w) {
    if (w < 2 || w > limits::kMaxGridSide) {
        throw InvalidParameter("w", "w must be in [2, " + std::to_string(limits::kMaxGridSide) +
                                        "], got " + std::to_string(w));
    }
    validateInvFreq(invFreq1d);
    if (2 * invFreq1d.size() != q.size()) {
        throw InvalidParameter(
            "inv_freq", "the 1D inv_freq must have q.size()/2 = " + std::to_string(q.size() / 2) +
                            " entries, got " + std::to_string(invFreq1d.size()));
    }
    FlatteningComparison c;
    c.horizontalNeighbourDistance = 1.0;
    c.verticalNeighbourDistance = w;
    const double last = w - 1.0;
    c.rowWrapGap2d = std::abs(patchScore2d(q, k, invFreq2d, 0, 0, 0, 1) -
                              patchScore2d(q, k, invFreq2d, 0, last, 1, 0));
    c.rowWrapGapFlattened =
        std::abs(attentionScore(q, k, invFreq1d, 0.0, 1.0, Layout::Interleaved) -
                 attentionScore(q, k, invFreq1d, last, w, Layout::Interleaved));
    return c;
}

} // namespace rope
