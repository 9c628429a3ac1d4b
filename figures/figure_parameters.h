// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "figures/figure_data.h"
#include "figures/figure_registry.h"

#include <QString>
#include <QStringList>

#include <vector>

/// \file figure_parameters.h
/// What a figure is computed from, as a slide's header states it: the shared parameters of the
/// parameter form it reads and the fixed values of its own (a toy model's size).

namespace rope::figures {

/// \brief One parameter a figure was computed from.
struct FigureParameter {
    /// The shared parameter it is ("d", "b", "L", "m", "n", "layout", "scaling"), or empty for
    /// a value of the figure's own.
    QString shared;
    /// Typeset "symbol = value" ("b = 10⁴"); empty when there is nothing to state (the
    /// default scaling method).
    QString text;
};

/// \brief The shared parameters \p keys of \p params, typeset: "d = 128" (with the rotated
/// part when partial), "b = 10⁴", "L = 4096", "m = 3", "n = 10", the layout, the scaling
/// method with its factor and L₀ (no text for the default method).
std::vector<FigureParameter> sharedParameters(const rope::RopeParams& params,
                                              const QStringList& keys);

/// \brief The shared parameters \p figure reads at \p params and \p options, in the order a
/// header states them ("d", "b", "L", "m", "n", "layout", "scaling"). Found from the figure
/// itself: each parameter is changed alone and the figure recomputed (it reads the parameter
/// when its data change), so a page of the derivation states exactly what that page uses. A
/// figure computed as a job (seconds: the base-bound searches, the batch benchmark, a model's
/// weights) is not recomputed: its list is a table per view, checked by tst_figure_parameters.
QStringList figureReads(const Figure& figure, const rope::RopeParams& params,
                        const FigureOptions& options);

/// \brief What \p figure computes from for \p params and \p options: the shared parameters it
/// reads that have something to state, then its own fixed values (the toy model's tokens and
/// head dimension, the patch grid, the compared configuration).
std::vector<FigureParameter> figureParameters(const Figure& figure, const rope::RopeParams& params,
                                              const FigureOptions& options);

/// \brief Whether \p readout says how the figure was drawn rather than what it shows
/// ("positions per pixel row", "tokens per column"): a slide leaves it off.
bool isDrawingDetail(const Readout& readout);

/// \brief A slide's defaults where the panel's own would show nothing: the doctor compares with
/// Llama 3.1 8B (not the same configuration without scaling), identity shows its residual (not
/// two hairline 128 × 128 diagonals), precision probes m = 15962 (where bfloat16 aliases; at
/// m = 3 every format is exact), the training lab, unless "run" is set, trains a small race
/// (rope, learned and ALiBi, 2 seeds) instead of saying what Train would run, and extension,
/// when no parameters were chosen (\p paramsChosen false) and no method is set, uses YaRN
/// s = 4 over L₀ = 4096 at L = 16384.
/// Only options the caller has not set are filled in.
void applySlideDefaults(const Figure& figure, bool paramsChosen, rope::RopeParams& params,
                        FigureOptions& options);

} // namespace rope::figures
