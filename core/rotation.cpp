// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rotation.h"

#include "core/frequencies.h"

#include <cmath>
#include <complex>
#include <string>
#include <vector>

namespace rope {

namespace {

void validateLayout(Layout layout) {
    if (layout != Layout::Interleaved && layout != Layout::Half) {
        throw InvalidParameter("layout", "layout must be interleaved or half");
    }
}

// A head vector: even size in [rotaryDim, kMaxDim] (so the rotary part fits), finite entries.
void validateHeadVector(const Eigen::Ref<const Eigen::ArrayXd>& x, Eigen::Index rotaryDim,
                        const char* name) {
    const Eigen::Index h = x.size();
    if (h < 2 || h > limits::kMaxDim || h % 2 != 0) {
        throw InvalidParameter(name, std::string(name) + " must have an even size in [2, " +
                                         std::to_string(limits::kMaxDim) + "], got size " +
                                         std::to_string(h));
    }
    if (h < rotaryDim) {
        throw InvalidParameter(name, std::string(name) + " has size " + std::to_string(h) +
                                         " but the rotary dimension 2*inv_freq.size() is " +
                                         std::to_string(rotaryDim));
    }
    if (!x.isFinite().all()) {
        throw InvalidParameter(name, std::string(name) + " must contain only finite numbers");
    }
}

void validateRotaryDim(int rotaryDim, Eigen::Index size) {
    if (rotaryDim < 2 || rotaryDim % 2 != 0 || rotaryDim > size) {
        throw InvalidParameter("rotary-dim", "rotary-dim must be even and in [2, " +
                                                 std::to_string(size) + "], got " +
                                                 std::to_string(rotaryDim));
    }
}

void validatePermutation(const Eigen::Ref<const Eigen::VectorXi>& perm, Eigen::Index size) {
    if (perm.size() != size) {
        throw InvalidParameter("permutation", "permutation has size " +
                                                  std::to_string(perm.size()) + ", expected " +
                                                  std::to_string(size));
    }
    std::vector<bool> seen(static_cast<std::size_t>(size), false);
    for (Eigen::Index j = 0; j < size; ++j) {
        const int p = perm[j];
        if (p < 0 || p >= size || seen[static_cast<std::size_t>(p)]) {
            throw InvalidParameter("permutation", "permutation entry " + std::to_string(j) + " = " +
                                                      std::to_string(p) +
                                                      " is out of range or repeated");
        }
        seen[static_cast<std::size_t>(p)] = true;
    }
}

// Index of the partner coordinates of pair i: (2i, 2i+1) or (i, i+P).
struct PairIndex {
    Eigen::Index first;
    Eigen::Index second;
};
PairIndex pairIndex(Eigen::Index i, Eigen::Index pairs, Layout layout) {
    return layout == Layout::Interleaved ? PairIndex{2 * i, 2 * i + 1} : PairIndex{i, i + pairs};
}

} // namespace

void validateInvFreq(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, const char* name) {
    if (invFreq.size() < 1 || 2 * invFreq.size() > limits::kMaxDim) {
        throw InvalidParameter(name, std::string(name) + " must have between 1 and " +
                                         std::to_string(limits::kMaxDim / 2) + " entries, got " +
                                         std::to_string(invFreq.size()));
    }
    // θ = 0 is a pair that does not rotate (p-RoPE's switched-off pairs, cos 0 = 1, sin 0 = 0):
    // a valid rotation. Negative θ only mirrors the sense of rotation, which no model uses, so
    // it is refused as a likely sign error.
    if (!(invFreq.isFinite().all() && (invFreq >= 0.0).all())) {
        throw InvalidParameter(name, std::string(name) +
                                         " entries must be finite and non-negative (0 = a pair "
                                         "that does not rotate)");
    }
}

RopeTables ropeTables(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                      Layout layout) {
    validateInvFreq(invFreq);
    validateLayout(layout);
    const Eigen::ArrayXd angles = rotationAngles(invFreq, position); // validates position
    const Eigen::Index pairs = invFreq.size();
    const Eigen::ArrayXd c = angles.cos();
    const Eigen::ArrayXd s = angles.sin();
    RopeTables t{Eigen::ArrayXd(2 * pairs), Eigen::ArrayXd(2 * pairs)};
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const PairIndex p = pairIndex(i, pairs, layout);
        t.cos[p.first] = t.cos[p.second] = c[i];
        t.sin[p.first] = t.sin[p.second] = s[i];
    }
    return t;
}

Eigen::MatrixXd rotationMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                               Layout layout) {
    validateInvFreq(invFreq);
    return rotationMatrix(invFreq, position, layout, static_cast<int>(2 * invFreq.size()));
}

Eigen::MatrixXd rotationMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                               Layout layout, int headDim) {
    validateInvFreq(invFreq);
    return rotationMatrixFromAngles(rotationAngles(invFreq, position), layout, headDim);
}

Eigen::MatrixXd rotationMatrixFromAngles(const Eigen::Ref<const Eigen::ArrayXd>& angles,
                                         Layout layout, int headDim) {
    validateLayout(layout);
    const Eigen::Index pairs = angles.size();
    if (pairs < 1 || 2 * pairs > limits::kMaxDim || !angles.isFinite().all()) {
        throw InvalidParameter("angles", "angles must be 1 to " +
                                             std::to_string(limits::kMaxDim / 2) +
                                             " finite numbers, got size " + std::to_string(pairs));
    }
    if (headDim > limits::kMaxDenseDim) {
        throw InvalidParameter(
            "dim", "dense matrices are limited to dim <= " + std::to_string(limits::kMaxDenseDim) +
                       ", got dim " + std::to_string(headDim));
    }
    if (headDim < 2 * pairs || headDim % 2 != 0) {
        throw InvalidParameter("dim", "dim must be even and at least the rotary dimension " +
                                          std::to_string(2 * pairs) + ", got " +
                                          std::to_string(headDim));
    }
    // Identity first: the tail beyond the rotary part is left unrotated (partial rotary).
    Eigen::MatrixXd r = Eigen::MatrixXd::Identity(headDim, headDim);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const PairIndex p = pairIndex(i, pairs, layout);
        const double c = std::cos(angles[i]);
        const double s = std::sin(angles[i]);
        r(p.first, p.first) = c;
        r(p.first, p.second) = -s;
        r(p.second, p.first) = s;
        r(p.second, p.second) = c;
    }
    return r;
}

Eigen::ArrayXd rotateInterleavedPairs(const Eigen::Ref<const Eigen::ArrayXd>& x, int rotaryDim) {
    validateHeadVector(x, 0, "vector");
    validateRotaryDim(rotaryDim, x.size());
    Eigen::ArrayXd out = Eigen::ArrayXd::Zero(x.size());
    for (Eigen::Index i = 0; i < rotaryDim; i += 2) {
        out[i] = -x[i + 1]; // i·(a + ib) = −b + ia
        out[i + 1] = x[i];
    }
    return out;
}

Eigen::ArrayXd rotateHalf(const Eigen::Ref<const Eigen::ArrayXd>& x, int rotaryDim) {
    validateHeadVector(x, 0, "vector");
    validateRotaryDim(rotaryDim, x.size());
    const Eigen::Index half = rotaryDim / 2;
    Eigen::ArrayXd out = Eigen::ArrayXd::Zero(x.size());
    out.head(half) = -x.segment(half, half); // torch.cat((-x2, x1), dim=-1)
    out.segment(half, half) = x.head(half);
    return out;
}

Eigen::ArrayXd applyRopeDense(const Eigen::Ref<const Eigen::ArrayXd>& x,
                              const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                              Layout layout) {
    validateInvFreq(invFreq);
    validateHeadVector(x, 2 * invFreq.size(), "vector");
    const Eigen::MatrixXd r = rotationMatrix(invFreq, position, layout, static_cast<int>(x.size()));
    return (r * x.matrix()).array();
}

namespace {
// x ⊙ cos + turn(x) ⊙ sin on the rotary part, where turn is the layout's "multiply by i".
Eigen::ArrayXd applyElementwise(const Eigen::Ref<const Eigen::ArrayXd>& x,
                                const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                                Layout layout) {
    validateInvFreq(invFreq);
    validateHeadVector(x, 2 * invFreq.size(), "vector");
    const RopeTables t = ropeTables(invFreq, position, layout);
    const auto r = static_cast<int>(2 * invFreq.size());
    const Eigen::ArrayXd turned =
        layout == Layout::Interleaved ? rotateInterleavedPairs(x, r) : rotateHalf(x, r);
    Eigen::ArrayXd out = x;
    out.head(r) = x.head(r) * t.cos + turned.head(r) * t.sin;
    return out;
}
} // namespace

Eigen::ArrayXd applyRopeInterleaved(const Eigen::Ref<const Eigen::ArrayXd>& x,
                                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    double position) {
    return applyElementwise(x, invFreq, position, Layout::Interleaved);
}

Eigen::ArrayXd applyRopeRotateHalf(const Eigen::Ref<const Eigen::ArrayXd>& x,
                                   const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                   double position) {
    return applyElementwise(x, invFreq, position, Layout::Half);
}

Eigen::ArrayXd applyRopeComplex(const Eigen::Ref<const Eigen::ArrayXd>& x,
                                const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                                Layout layout) {
    validateInvFreq(invFreq);
    validateLayout(layout);
    validateHeadVector(x, 2 * invFreq.size(), "vector");
    const Eigen::ArrayXd angles = rotationAngles(invFreq, position);
    const Eigen::Index pairs = invFreq.size();
    Eigen::ArrayXd out = x;
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const PairIndex p = pairIndex(i, pairs, layout);
        const std::complex<double> z =
            std::complex<double>(x[p.first], x[p.second]) * std::polar(1.0, angles[i]);
        out[p.first] = z.real();
        out[p.second] = z.imag();
    }
    return out;
}

Eigen::ArrayXd applyRope(const Eigen::Ref<const Eigen::ArrayXd>& x,
                         const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                         Layout layout) {
    validateLayout(layout);
    return applyElementwise(x, invFreq, position, layout);
}

double attentionScore(const Eigen::Ref<const Eigen::ArrayXd>& q,
                      const Eigen::Ref<const Eigen::ArrayXd>& k,
                      const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                      Layout layout) {
    validateInvFreq(invFreq);
    validateLayout(layout);
    validateHeadVector(q, 2 * invFreq.size(), "q");
    validateHeadVector(k, 2 * invFreq.size(), "k");
    if (k.size() != q.size()) {
        throw InvalidParameter("k", "k has size " + std::to_string(k.size()) + " but q has size " +
                                        std::to_string(q.size()));
    }
    validatePosition(m, "m");
    validatePosition(n, "n");
    return (applyRope(q, invFreq, m, layout) * applyRope(k, invFreq, n, layout)).sum();
}

Eigen::VectorXi interleavedToHalfPermutation(int dim) {
    validateDim(dim, "dim");
    const int half = dim / 2;
    Eigen::VectorXi p(dim);
    for (int i = 0; i < half; ++i) {
        p[i] = 2 * i;            // first halves of the pairs
        p[i + half] = 2 * i + 1; // their partners, d/2 further on
    }
    return p;
}

Eigen::VectorXi halfToInterleavedPermutation(int dim) {
    const Eigen::VectorXi p = interleavedToHalfPermutation(dim);
    Eigen::VectorXi q(dim);
    for (int j = 0; j < dim; ++j) {
        q[p[j]] = j;
    }
    return q;
}

Eigen::VectorXi qkRowPermutation(int numHeads, int headDim) {
    if (numHeads < 1 || numHeads > limits::kMaxHeads) {
        throw InvalidParameter("heads", "heads must be in [1, " +
                                            std::to_string(limits::kMaxHeads) + "], got " +
                                            std::to_string(numHeads));
    }
    const Eigen::VectorXi inHead = interleavedToHalfPermutation(headDim); // validates headDim
    Eigen::VectorXi p(numHeads * headDim);
    for (int h = 0; h < numHeads; ++h) {
        p.segment(h * headDim, headDim) = inHead.array() + h * headDim;
    }
    return p;
}

Eigen::ArrayXd permuteVector(const Eigen::Ref<const Eigen::ArrayXd>& x,
                             const Eigen::Ref<const Eigen::VectorXi>& perm) {
    validatePermutation(perm, x.size());
    Eigen::ArrayXd y(x.size());
    for (Eigen::Index j = 0; j < x.size(); ++j) {
        y[j] = x[perm[j]];
    }
    return y;
}

Eigen::MatrixXd permuteRows(const Eigen::Ref<const Eigen::MatrixXd>& w,
                            const Eigen::Ref<const Eigen::VectorXi>& perm) {
    validatePermutation(perm, w.rows());
    Eigen::MatrixXd out(w.rows(), w.cols());
    for (Eigen::Index j = 0; j < w.rows(); ++j) {
        out.row(j) = w.row(perm[j]);
    }
    return out;
}

LayoutScoreComparison compareLayoutScores(const Eigen::Ref<const Eigen::MatrixXd>& wq,
                                          const Eigen::Ref<const Eigen::MatrixXd>& wk,
                                          const Eigen::Ref<const Eigen::ArrayXd>& xm,
                                          const Eigen::Ref<const Eigen::ArrayXd>& xn,
                                          const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m,
                                          const Eigen::Ref<const Eigen::ArrayXd>& offsets) {
    validateInvFreq(invFreq);
    const Eigen::Index d = 2 * invFreq.size();
    const auto checkWeights = [d](const Eigen::Ref<const Eigen::MatrixXd>& w, const char* name) {
        if (w.rows() != d || w.cols() < 1 || w.cols() > limits::kMaxDim) {
            throw InvalidParameter(
                name, std::string(name) + " must be " + std::to_string(d) +
                          " x d_model with 1 <= d_model <= " + std::to_string(limits::kMaxDim) +
                          ", got " + std::to_string(w.rows()) + " x " + std::to_string(w.cols()));
        }
        if (!w.allFinite()) {
            throw InvalidParameter(name, std::string(name) + " must contain only finite numbers");
        }
    };
    checkWeights(wq, "wq");
    checkWeights(wk, "wk");
    if (wk.cols() != wq.cols()) {
        throw InvalidParameter("wk", "wk has " + std::to_string(wk.cols()) +
                                         " columns but wq has " + std::to_string(wq.cols()));
    }
    const auto checkInput = [&wq](const Eigen::Ref<const Eigen::ArrayXd>& x, const char* name) {
        if (x.size() != wq.cols() || !x.isFinite().all()) {
            throw InvalidParameter(name,
                                   std::string(name) + " must hold " + std::to_string(wq.cols()) +
                                       " finite numbers, got size " + std::to_string(x.size()));
        }
    };
    checkInput(xm, "xm");
    checkInput(xn, "xn");
    validatePosition(m, "m");
    if (offsets.size() < 1 || offsets.size() > limits::kMaxLayoutOffsets) {
        throw InvalidParameter("offsets", "offsets must hold 1 to " +
                                              std::to_string(limits::kMaxLayoutOffsets) +
                                              " values, got " + std::to_string(offsets.size()));
    }
    for (Eigen::Index j = 0; j < offsets.size(); ++j) {
        if (!std::isfinite(offsets[j]) || std::abs(m + offsets[j]) > limits::kMaxPosition) {
            throw InvalidParameter("offsets", "offset " + std::to_string(offsets[j]) +
                                                  " puts the key outside |n| <= 2^40");
        }
    }

    const Eigen::ArrayXd q = (wq * xm.matrix()).array();
    const Eigen::ArrayXd k = (wk * xn.matrix()).array();
    const Eigen::VectorXi perm = qkRowPermutation(1, static_cast<int>(d));
    // The converted checkpoint: permuted rows, so (P W) x = P (W x).
    const Eigen::ArrayXd qPermuted = (permuteRows(wq, perm) * xm.matrix()).array();
    const Eigen::ArrayXd kPermuted = (permuteRows(wk, perm) * xn.matrix()).array();

    LayoutScoreComparison out;
    out.offsets = offsets;
    out.reference.resize(offsets.size());
    out.permuted.resize(offsets.size());
    out.mismatched.resize(offsets.size());
    for (Eigen::Index j = 0; j < offsets.size(); ++j) {
        const double n = m + offsets[j];
        out.reference[j] = attentionScore(q, k, invFreq, m, n, Layout::Interleaved);
        out.permuted[j] = attentionScore(qPermuted, kPermuted, invFreq, m, n, Layout::Half);
        out.mismatched[j] = attentionScore(q, k, invFreq, m, n, Layout::Half);
    }
    out.mismatchError = (out.mismatched - out.reference).abs();
    out.maxPermutedDifference = (out.permuted - out.reference).abs().maxCoeff();
    out.maxMismatchError = out.mismatchError.maxCoeff();
    return out;
}

} // namespace rope
