// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"

#include <vector>

class QCPAxis;
class QCustomPlot;

/// \file axis_ticks.h
/// The renderer's axes (internal to ui/render): named or numbered ticks, linear or log scale,
/// and the refits after each layout pass that keep tick labels apart at the font they are set in
/// (a slide's 18 pt, a handout's 12.3 pt) on the length the axis got.

namespace rope::ui {

/// \brief Named ticks \p ticks on \p axis (none: back to numbers). The figure's whole list is
/// kept on the axis: a short vertical axis shows every k-th of them (refitTickLabels()).
void setTicks(QCPAxis* axis, const std::vector<figures::Tick>& ticks);

/// \brief Named ticks wider than the room between them at \p axisPx pixels are turned by 45°.
void fitTickLabels(QCPAxis* axis, const std::vector<figures::Tick>& ticks, double axisPx);

/// \brief After a layout pass: every axis' tick labels refitted to the length it got (tick
/// count of numbered axes, rotation of named x ticks, thinning of named vertical ones). A shown
/// plot whose ticks changed replots once more.
void refitTickLabels(QCustomPlot& plot);

/// \brief A logarithmic axis (10ⁿ labels) or a linear one.
void setScale(QCPAxis* axis, bool logarithmic);

/// \brief Integer ticks for \p cells cells centred on consecutive integers \p first … \p last.
void integerTicksForCells(QCPAxis* axis, double first, double last, int cells);

} // namespace rope::ui
