// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"
#include "figures/figure_registry.h"

#include <QColor>

class QCustomPlot;

/// \file draw_figure.h
/// The one renderer shared by every panel, rope-cli and the exports: FigureData (plain data
/// from the figures layer) onto a QCustomPlot.

namespace rope::ui {

using figures::ColourMap;
using figures::FigureData;
using figures::FigureOptions;
using figures::Readout;
using figures::Series;
using figures::SeriesStyle;
using figures::SidePlot;
using figures::TextLabel;
using figures::Tick;

/// \brief Puts \p data on \p plot, replacing whatever was there (title, axes, legend, colour bar).
/// Layout: the title (word-wrapped to the width) on top, the axis rectangle with its colour bar
/// and side plot below, and the readouts in their own text area under the axes, so readouts never
/// cover data and no figure pads its ranges to make room for them.
void drawFigure(QCustomPlot& plot, const FigureData& data);

/// \brief Large print for a projector (presenter mode): every font \p scale times the plot's,
/// and lines, markers, arrow heads, axes and grid \p scale times as thick. Call on a fresh plot,
/// before the first drawFigure() (the title and margins are made from the font then).
void setPresentationStyle(QCustomPlot& plot, double scale);

/// \brief What line widths, marker sizes and label gaps are multiplied by on \p plot: 1 on screen,
/// larger in presentation style (setPresentationStyle()).
double penScale(const QCustomPlot& plot);

/// \brief \p options with their plot size (FigureOptions::plot) set from \p plot's axis
/// rectangle and font (after a layout pass at the plot's current size).
FigureOptions withPlotSize(QCustomPlot& plot, FigureOptions options);

/// \brief figureData() at the plot's size, then drawFigure(): the one rendering path shared by
/// the GUI panels, rope-cli and the exports. Returns the drawn data (for CSV). When drawing
/// changed the axis rectangle (a fresh plot gets its legend, readouts and side plot only
/// then), the figure is computed and drawn once more for the rectangle it got.
/// \throws rope::InvalidParameter from core on invalid parameters.
FigureData renderFigure(QCustomPlot& plot, const figures::Figure& figure,
                        const rope::RopeParams& params, const FigureOptions& options);

/// \brief Okabe–Ito colour \p index (wraps), the colour-blind-safe palette of Okabe & Ito 2008.
QColor paletteColour(int index);

/// \brief paletteColour(\p index) as drawn on \p plot: its black becomes the plot theme's
/// foreground (plot_theme.h), so a black series stays visible on a dark background.
QColor seriesColour(const QCustomPlot& plot, int index);

} // namespace rope::ui
