// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <QString>

#include <functional>
#include <vector>

/// \file decay_envelope.h
/// Per-column envelopes of decay curves, shared by the decay, base-bound and extension panels.
/// A curve such as Σcos(mθᵢ) oscillates every few tokens, so sampling one distance per pixel
/// aliases it into fake noise; these helpers evaluate every integer distance and keep, per
/// screen column, the minimum, maximum and mean (drawn as a band with a mean line).

namespace rope::figures {

/// \brief Min/max/mean of a curve per column of consecutive integer distances.
struct CurveEnvelope {
    Eigen::ArrayXd firstDistance; ///< first m of each column (tokens)
    Eigen::ArrayXd lastDistance;  ///< last m of each column (tokens)
    Eigen::ArrayXd minimum;
    Eigen::ArrayXd maximum;
    Eigen::ArrayXd mean;
};

/// \brief Envelope of any curve over m = 0 … context−1 in B = min(buckets, context) columns,
/// with the partition of rope::cosineSumEnvelope() (column k: ⌊k·L/B⌋ … ⌊(k+1)·L/B⌋ − 1).
/// \p evaluate(first, last) returns the curve at the integer distances first … last; it is
/// called on consecutive chunks of at most rope::limits::kMaxDecayPositions distances.
CurveEnvelope bucketedEnvelope(long long context, long long buckets,
                               const std::function<Eigen::ArrayXd(long long, long long)>& evaluate);

/// \brief The decay measures, in the order of the decay panel's "curve" choices.
enum class DecayMeasure { MeanCosine, UpperBound, SimilarScore };

/// \brief The measure whose "curve" choice id is \p id ("mean-cosine", "upper-bound",
/// "similar-score"), looked up in the decay panel's option table.
/// \throws rope::InvalidParameter("curve") for an id the table lacks.
DecayMeasure decayMeasure(const QString& id);

/// \brief Envelope of a decay measure over m = 0 … context−1: "mean-cosine" (2/d)Σcos(mθᵢ),
/// "similar-score" 2Σcos(mθᵢ) (both from rope::cosineSumEnvelope(), scaled), or "upper-bound"
/// (rope::relativeUpperBound() at every distance).
/// \throws rope::InvalidParameter from core.
CurveEnvelope decayEnvelope(const QString& curve, const Eigen::ArrayXd& theta, long long context,
                            long long buckets);

/// \brief Column edges for a logarithmic distance axis: about \p buckets columns between m = 1
/// and context − 1, edge k at round((L−1)^(k/B)), repeated edges dropped (the first columns hold
/// one distance each). Returns the first distance of every column plus one past the last.
std::vector<long long> logColumnEdges(long long context, long long buckets);

/// \brief decayEnvelope() over arbitrary consecutive columns [edges[k], edges[k+1]) (e.g.
/// logColumnEdges()). Every integer distance in each column is evaluated.
/// \throws rope::InvalidParameter from core.
CurveEnvelope decayEnvelopeOnEdges(const QString& curve, const Eigen::ArrayXd& theta,
                                   const std::vector<long long>& edges);

/// \brief Parses a list of bases ("1e4, 5e5 1e6"; commas, semicolons or spaces), dropping
/// repeats. \throws rope::InvalidParameter("bases") naming a bad entry, a base ≤ 1, or more
/// than 8 bases.
std::vector<double> parseBaseList(const QString& text);

} // namespace rope::figures
