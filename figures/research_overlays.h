// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"

#include <Eigen/Core>

#include <optional>

/// \file research_overlays.h
/// Published rules drawn over the panels (core/research_rules.h has the numbers): Liu et al.'s
/// critical dimension on the heatmaps and the wavelength chart, Men et al.'s fitted base beside
/// the exact b*(L, 128), and FoPE's cut-off on the wavelength chart. Each adds series, a label
/// and readouts to a FigureData; the panels call them when their option is on.

namespace rope::figures {

/// \brief Where an overlay's line and label go on the plot, in data units (the renderer sets
/// the label beside its anchor, clear of the line it names).
struct OverlayFrame {
    double xLow = 0;
    double xHigh = 1;
    double yLow = 0; ///< y extent of the boundary line
    double yHigh = 1;
    double labelY = 0.5; ///< y of the label's anchor
    bool onDark = false; ///< the label sits on a colour map: drawn in white
    /// The label goes right of the line by preference (on a phase heatmap the slow pairs there
    /// are a calm dark orange near m = 0, where a white label reads well); else left of it.
    bool labelRight = false;
    /// Right edge the label must stay left of, when narrower than the axis (xHigh).
    std::optional<double> labelXMax;
};

/// \brief Liu et al.'s critical dimension of a geometric ladder (rotary dimension \p dim, base
/// \p base) for training length \p trainLength: a dashed vertical line between pair
/// d_extra/2 − 1 and pair d_extra/2 (shifted by \p xOffset, the x of pair 0), a label
/// "d_extra = …" beside it, and readouts of d_extra and of the pairs left of the line. Only the
/// d_extra readout is added when no pair or every pair turns fully (0 or d says which).
void addCriticalDimension(FigureData& data, int dim, double base, double trainLength,
                          double xOffset, const OverlayFrame& frame);

/// \brief Men et al.'s fitted lower bound 0.0424·L^1.628, drawn dashed over the contexts of
/// \p exact (the exact b*(L, 128) series: x = L, y = b*), with readouts saying where and by how
/// much the fit is off from it. Nothing is drawn when \p exact is empty.
void addMenFit(FigureData& data, const Series& exact);

/// \brief FoPE's cut-off on a chart of wavelength per pair (x = pair index, y = λ): the pairs
/// of \p wavelengths (the original ladder, λ = ∞ skipped) whose λ exceeds \p trainLength, i.e.
/// θ < 2π/T_train, marked as the pairs FoPE sets to zero, a label at the cut-off and a readout
/// with their number.
void addFopeCutoff(FigureData& data, const Eigen::ArrayXd& wavelengths, double trainLength,
                   const OverlayFrame& frame);

} // namespace rope::figures
