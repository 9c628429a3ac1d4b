// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Qt>

class QCPLayoutGrid;
class QCustomPlot;

/// \file legend_layout.h
/// Where the renderer puts a figure's legend (internal to ui/render): in a corner of the axes,
/// below them beside the readouts, or in a column right of everything; wrapped and packed to fit.

namespace rope::ui {

// Where the legend goes: a corner of the data area, under the axes (beside the readouts), or a
// column right of everything else.
enum class LegendPlace { Inset, Below, Beside };

// A legend of more entries than this covers the data in any corner: it goes outside.
constexpr int kMaxInsetLegendEntries = 6;

/// \brief True when \p plot is wide enough (a slide, the presenter) for a legend column beside it.
bool isWide(const QCustomPlot& plot);

/// \brief The legend in a column right of \p body, at the top of its cell.
void placeLegendBeside(QCustomPlot& plot, QCPLayoutGrid* body);

/// \brief The widest legend entry, in pixels.
int widestLegendEntry(const QCustomPlot& plot);

/// \brief Every legend entry's name broken into lines at most \p width pixels wide.
void wrapLegendEntries(QCustomPlot& plot, int width);

/// \brief Every legend entry at least as tall as its lines are drawn (see the .cpp).
void reserveLegendTextHeights(QCustomPlot& plot);

/// \brief A legend beside the plots that is taller than the page: packed tighter, then in two
/// columns when that is shorter and not too wide.
void fitLegendBeside(QCustomPlot& plot);

/// \brief The legend into \p place: the axes' corner \p corner (Inset), the readout row
/// \p readouts (Below), or nowhere yet (Beside: placeLegendBeside() follows).
void placeLegend(QCustomPlot& plot, QCPLayoutGrid* readouts, LegendPlace place,
                 Qt::Alignment corner);

} // namespace rope::ui
