// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/absolute_encoding.h"

#include "core/frequencies.h"
#include "core/rope_params.h"

#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rope {

namespace {

void validateEncodingDim(const AbsoluteEncodingParams& params) {
    if (params.scheme == AbsoluteScheme::Sinusoidal) {
        validateDim(params.dim, "dim"); // sin/cos pairs need an even width
        validateBase(params.base, "base");
    } else if (params.dim < 1 || params.dim > limits::kMaxDim) {
        throw InvalidParameter("dim", "dim must be an integer in [1, " +
                                          std::to_string(limits::kMaxDim) + "], got " +
                                          std::to_string(params.dim));
    }
}

void validatePositions(long long positions, long long minimum, long long maximum) {
    if (positions < minimum || positions > maximum) {
        throw InvalidParameter("positions", "positions must be in [" + std::to_string(minimum) +
                                                ", " + std::to_string(maximum) + "], got " +
                                                std::to_string(positions));
    }
}

void validateEntries(long long positions, int dim) {
    if (positions * dim > limits::kMaxEncodingEntries) {
        throw InvalidParameter("positions", "positions × dim must not exceed 2^24, got " +
                                                std::to_string(positions) + " × " +
                                                std::to_string(dim));
    }
}

void validateFitWork(long long positions, int dim) {
    const long long d = dim;
    if (d * d > limits::kMaxFitWork / positions) {
        throw InvalidParameter("positions",
                               "positions × dim² must not exceed 2^30 for a fit, got " +
                                   std::to_string(positions) + " × " + std::to_string(dim) + "²");
    }
}

// Rows p = first … first+count−1, with N the normalisation length. All inputs validated.
Eigen::MatrixXd encodeRows(const AbsoluteEncodingParams& params, long long first, long long count,
                           long long normalisation) {
    const int d = params.dim;
    Eigen::MatrixXd pe(count, d);
    switch (params.scheme) {
    case AbsoluteScheme::Integer:
        for (long long r = 0; r < count; ++r) {
            pe.row(r).setConstant(static_cast<double>(first + r));
        }
        break;
    case AbsoluteScheme::NormalisedInteger:
        for (long long r = 0; r < count; ++r) {
            pe.row(r).setConstant(static_cast<double>(first + r) /
                                  static_cast<double>(normalisation));
        }
        break;
    case AbsoluteScheme::Binary:
        for (long long r = 0; r < count; ++r) {
            const auto p = static_cast<unsigned long long>(first + r);
            for (int j = 0; j < d; ++j) {
                // Positions are < 2^21, so bits j ≥ 63 are 0 and never shifted out of range.
                pe(r, j) = j < 63 ? static_cast<double>((p >> j) & 1ULL) : 0.0;
            }
        }
        break;
    case AbsoluteScheme::Sinusoidal: {
        // ω_i = b^(−2i/d): the same ladder as RoPE's θ_i (frequencies.h).
        const Eigen::ArrayXd omega = inverseFrequencies(d, params.base);
        for (long long r = 0; r < count; ++r) {
            const double p = static_cast<double>(first + r);
            for (Eigen::Index i = 0; i < omega.size(); ++i) {
                pe(r, 2 * i) = std::sin(p * omega[i]);
                pe(r, 2 * i + 1) = std::cos(p * omega[i]);
            }
        }
        break;
    }
    }
    return pe;
}

long long normalisationLength(const AbsoluteEncodingParams& params, long long positions) {
    if (params.sequenceLength < 0 || params.sequenceLength > limits::kMaxContext) {
        throw InvalidParameter("sequence-length", "sequence-length must be in [0, 67108864], got " +
                                                      std::to_string(params.sequenceLength));
    }
    return params.sequenceLength > 0 ? params.sequenceLength : positions;
}

// Spread over p of ‖PE(p+k) − PE(p)‖ for each k, maximised over k, plus the largest distance.
std::pair<double, double> distanceSpread(const Eigen::MatrixXd& pe) {
    const long long P = pe.rows();
    const long long kMax = std::min<long long>(P - 1, checklist::kMaxShift);
    double spread = 0.0;
    double largest = 0.0;
    for (long long k = 1; k <= kMax; ++k) {
        double lo = std::numeric_limits<double>::infinity();
        double hi = 0.0;
        for (long long p = 0; p + k < P; ++p) {
            const double dist = (pe.row(p + k) - pe.row(p)).norm();
            lo = std::min(lo, dist);
            hi = std::max(hi, dist);
        }
        spread = std::max(spread, hi - lo);
        largest = std::max(largest, hi);
    }
    return {spread, largest};
}

// s(k) for k = 1 … K over the start positions p = 0 … P−K−1 (the same for every k, so the
// average does not drift just because larger k see fewer, earlier pairs).
Eigen::ArrayXd shiftSimilarity(const Eigen::MatrixXd& pe) {
    const long long P = pe.rows();
    const long long kMax = std::min<long long>(checklist::kMaxDecayShift, P / 2);
    const long long starts = P - kMax;
    Eigen::ArrayXd s(kMax);
    for (long long k = 1; k <= kMax; ++k) {
        // Σ_p ⟨PE(p), PE(p+k)⟩ = sum of the entrywise product of the two row blocks.
        s[k - 1] = pe.topRows(starts).cwiseProduct(pe.middleRows(k, starts)).sum() /
                   static_cast<double>(starts);
    }
    return s;
}

double leastSquaresSlope(const Eigen::ArrayXd& y) {
    const Eigen::ArrayXd k = Eigen::ArrayXd::LinSpaced(y.size(), 1.0, static_cast<double>(y.size()));
    const Eigen::ArrayXd dk = k - k.mean();
    return (dk * (y - y.mean())).sum() / dk.square().sum();
}

long long duplicateRowCount(const Eigen::MatrixXd& pe) {
    std::vector<Eigen::Index> order(static_cast<std::size_t>(pe.rows()));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    const auto rowLess = [&pe](Eigen::Index a, Eigen::Index b) {
        for (Eigen::Index j = 0; j < pe.cols(); ++j) {
            if (pe(a, j) != pe(b, j)) {
                return pe(a, j) < pe(b, j);
            }
        }
        return false;
    };
    std::sort(order.begin(), order.end(), rowLess);
    long long duplicates = 0;
    for (std::size_t i = 1; i < order.size(); ++i) {
        // Sorted, so equal rows are adjacent: each one after the first of its run is a duplicate.
        if (!rowLess(order[i - 1], order[i])) {
            ++duplicates;
        }
    }
    return duplicates;
}

} // namespace

const char* absoluteSchemeId(AbsoluteScheme scheme) noexcept {
    switch (scheme) {
    case AbsoluteScheme::Integer:
        return "integer";
    case AbsoluteScheme::NormalisedInteger:
        return "normalised-integer";
    case AbsoluteScheme::Binary:
        return "binary";
    case AbsoluteScheme::Sinusoidal:
        return "sinusoidal";
    }
    return "sinusoidal";
}

AbsoluteScheme parseAbsoluteScheme(const std::string& id) {
    for (AbsoluteScheme s : allAbsoluteSchemes()) {
        if (id == absoluteSchemeId(s)) {
            return s;
        }
    }
    throw InvalidParameter("scheme", "scheme must be one of integer, normalised-integer, binary, "
                                     "sinusoidal; got '" +
                                         id + "'");
}

const std::vector<AbsoluteScheme>& allAbsoluteSchemes() {
    static const std::vector<AbsoluteScheme> schemes = {
        AbsoluteScheme::Integer, AbsoluteScheme::NormalisedInteger, AbsoluteScheme::Binary,
        AbsoluteScheme::Sinusoidal};
    return schemes;
}

Eigen::MatrixXd absoluteEncoding(const AbsoluteEncodingParams& params, long long positions) {
    validateEncodingDim(params);
    validatePositions(positions, 1, limits::kMaxEncodingPositions);
    validateEntries(positions, params.dim);
    return encodeRows(params, 0, positions, normalisationLength(params, positions));
}

Eigen::MatrixXd sinusoidalShiftMatrix(int dim, double base, double shift) {
    const Eigen::ArrayXd omega = inverseFrequencies(dim, base);
    validatePosition(shift, "shift");
    Eigen::MatrixXd w = Eigen::MatrixXd::Zero(dim, dim);
    for (Eigen::Index i = 0; i < omega.size(); ++i) {
        const double c = std::cos(shift * omega[i]);
        const double s = std::sin(shift * omega[i]);
        // (sin, cos)(p+k) = [[c, s], [−s, c]] · (sin, cos)(p), with c, s at angle kω_i.
        w(2 * i, 2 * i) = c;
        w(2 * i, 2 * i + 1) = s;
        w(2 * i + 1, 2 * i) = -s;
        w(2 * i + 1, 2 * i + 1) = c;
    }
    return w;
}

LinearShiftFit fitLinearShift(const AbsoluteEncodingParams& params, long long positions,
                              long long shift) {
    validateEncodingDim(params);
    validatePositions(positions, 2, limits::kMaxEncodingPositions);
    validateEntries(positions, params.dim);
    validateFitWork(positions, params.dim);
    if (shift < 1 || shift > positions - 1) {
        throw InvalidParameter("shift", "shift must be in [1, positions − 1] = [1, " +
                                            std::to_string(positions - 1) + "], got " +
                                            std::to_string(shift));
    }
    const Eigen::MatrixXd pe = absoluteEncoding(params, positions);
    const long long n = positions - shift;
    // Row form: X Wᵀ ≈ Y with X = [PE(p)ᵀ], Y = [PE(p+k)ᵀ]; the column form W·PE(p) is its
    // transpose.
    const Eigen::MatrixXd x = pe.topRows(n);
    const Eigen::MatrixXd y = pe.bottomRows(n);
    const Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> cod(x);
    LinearShiftFit fit;
    const Eigen::MatrixXd wt = cod.solve(y);
    fit.shiftMatrix = wt.transpose();
    fit.maxResidual = (x * wt - y).cwiseAbs().maxCoeff();
    fit.rank = cod.rank();
    fit.pairs = n;
    return fit;
}

EncodingChecklist encodingChecklist(const AbsoluteEncodingParams& params, long long positions) {
    validateEncodingDim(params);
    validatePositions(positions, 4, limits::kMaxEncodingPositions / 2);
    validateEntries(2 * positions, params.dim);
    validateFitWork(positions, params.dim);
    const long long P = positions;
    EncodingChecklist c;

    AbsoluteEncodingParams trained = params;
    trained.sequenceLength = P;
    // Training window 0…P−1 and its continuation P…2P−1, both normalised by the training N = P.
    const Eigen::MatrixXd pe = encodeRows(trained, 0, 2 * P, P);
    const Eigen::MatrixXd seen = pe.topRows(P);
    const Eigen::MatrixXd beyond = pe.bottomRows(P);

    c.duplicateRows = duplicateRowCount(seen);
    c.unique = c.duplicateRows == 0;

    const auto [spread, largest] = distanceSpread(seen);
    c.distanceSpread = spread;
    c.maxDistance = largest;
    c.consistentDistances = spread <= checklist::kTolerance * std::max(1.0, largest);

    // Growth: the doubled sequence, re-normalised by its own length 2P (how the scheme is meant
    // to be used), compared with the original.
    c.maxAbsEntry = seen.cwiseAbs().maxCoeff();
    const Eigen::MatrixXd doubled = encodeRows(params, 0, 2 * P, 2 * P);
    c.maxAbsEntryDoubled = doubled.cwiseAbs().maxCoeff();
    c.bounded = c.maxAbsEntryDoubled <= checklist::kBoundedGrowth * c.maxAbsEntry;

    c.linearResidual = fitLinearShift(trained, P, 1).maxResidual;
    c.linearRelation = c.linearResidual <= checklist::kTolerance * std::max(1.0, c.maxAbsEntry);

    const double lo = seen.minCoeff();
    const double hi = seen.maxCoeff();
    c.extrapolationExcess = std::max({0.0, beyond.maxCoeff() - hi, lo - beyond.minCoeff()});
    c.extrapolatesInRange = c.extrapolationExcess <= checklist::kRangeTolerance * (hi - lo);
    c.columnsInRange = true;
    for (Eigen::Index j = 0; j < seen.cols(); ++j) {
        const double colLo = seen.col(j).minCoeff();
        const double colHi = seen.col(j).maxCoeff();
        const double excess =
            std::max({0.0, beyond.col(j).maxCoeff() - colHi, colLo - beyond.col(j).minCoeff()});
        c.columnExtrapolationExcess = std::max(c.columnExtrapolationExcess, excess);
        if (excess > checklist::kRangeTolerance * (colHi - colLo)) {
            c.columnsInRange = false;
        }
    }

    c.lengthDependence = (seen - doubled.topRows(P)).cwiseAbs().maxCoeff();
    c.lengthIndependent = c.lengthDependence == 0.0;

    c.shiftSimilarity = shiftSimilarity(seen);
    c.similaritySlope = leastSquaresSlope(c.shiftSimilarity);
    c.decaying = c.similaritySlope <
                 -checklist::kTolerance * std::max(1.0, c.shiftSimilarity.abs().maxCoeff());
    return c;
}

} // namespace rope
