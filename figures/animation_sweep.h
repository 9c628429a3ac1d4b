// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_registry.h"

#include <QString>
#include <QStringList>

#include <stdexcept>

/// \file animation_sweep.h
/// What an animation sweeps (layer `rope_figures`, no widgets): one numeric key of a panel
/// moved from A to B over N frames. The key is either a numeric option of the panel's table
/// (integer, real or log-real: `rope-cli figure --panel ID --list-options`) or one of the shared
/// parameters every panel reads (positions `m`, `n`, `base`, `factor`, `context`, YaRN's
/// `beta-fast`/`beta-slow`, named as in sessions and rope-cli flags). The renderer and the
/// writers (ui/render/animation_export.h) draw each frame with the same figure code.

namespace rope::figures {

/// \brief A sweep that cannot be made; what() names the key, the value or the limit.
class SweepError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// \brief Fewest and most frames of one animation: two frames are the shortest change; 1000
/// frames are 40 s at 25 fps, longer than any slide needs, and bound the work of a typo.
inline constexpr int kMinSweepFrames = 2;
inline constexpr int kMaxSweepFrames = 1000;

/// \brief A planned sweep: frame k (0 … frames−1) shows value(k).
struct AnimationSweep {
    QString key;
    double from = 0;
    double to = 0;
    int frames = 0;
    bool parameter = false;   ///< a shared parameter (RopeParams), not a panel option
    bool integer = false;     ///< values are rounded to whole numbers
    bool logarithmic = false; ///< values are spaced evenly in log (bases, log-real options)
};

/// \brief The shared parameters a sweep can move: "m, n, base, factor, context, beta-fast,
/// beta-slow".
QStringList sweepParameterKeys();

/// \brief The numeric option ids of \p figure followed by sweepParameterKeys(): every key
/// planSweep() accepts for it.
QStringList sweepKeys(const Figure& figure);

/// \brief Checks and plans a sweep of \p key on \p figure from \p from to \p to over
/// \p frames frames, starting from \p params (a parameter's endpoints are checked with core's
/// validation of the parameters with that value).
/// \throws SweepError for an unknown or non-numeric key (listing the numeric keys), an
/// endpoint outside the option's range or rejected by core, non-finite endpoints, or a frame
/// count outside [kMinSweepFrames, kMaxSweepFrames].
AnimationSweep planSweep(const Figure& figure, const rope::RopeParams& params, const QString& key,
                         double from, double to, int frames);

/// \brief The value \p key has now: the option's value in \p options (else its default, else
/// its minimum for a derived one) or the parameter's value in \p params; 0 for an unknown key.
double sweepStartValue(const Figure& figure, const rope::RopeParams& params,
                       const FigureOptions& options, const QString& key);

/// \brief Value of frame \p k: linear interpolation from → to, or geometric
/// (from·(to/from)^(k/(N−1))) when logarithmic; rounded when integer. Frame 0 is exactly
/// \p from, the last exactly \p to.
double sweepValue(const AnimationSweep& sweep, int k);

/// \brief Sets frame \p k's value into \p params or \p options (the key of the sweep).
void applySweep(const AnimationSweep& sweep, int k, rope::RopeParams& params,
                FigureOptions& options);

} // namespace rope::figures
