// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCPAxis;
class QCPCurve;
class QCPGraph;
class QCustomPlot;

/// \file line_drawing.h
/// The graphs and curves a figure's lines are drawn with. On raster targets their lines avoid
/// Qt's slow paths: a wide line is stroked segment by segment, and a line dense enough in pixel
/// steps is painted as column spans; vector targets (SVG, PDF) get the plain polyline.

namespace rope::ui {

/// \brief A graph on \p key × \p value (owned by their plot) whose line is drawn as above.
QCPGraph* addLineGraph(QCPAxis* key, QCPAxis* value);

/// \brief A curve (points in their own order) drawn as above.
QCPCurve* addLineCurve(QCPAxis* key, QCPAxis* value);

/// \brief Gives every dense line of \p plot (a graph or curve of over 64 points) its share of
/// the plot's budget of antialiased stroking; call it once the figure's lines are added.
void shareStrokeBudget(QCustomPlot& plot);

} // namespace rope::ui
