// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>

#include <optional>

class QCustomPlot;

/// \file plot_theme.h
/// Light and dark colours of a drawn figure: background, axes, grid, ticks, labels, legend,
/// readouts, colour-scale axes. A plot carries its theme (setPlotTheme); drawFigure() reads it,
/// so the screen, rope-cli and the exports draw through the same code in either theme. Series
/// keep the Okabe–Ito palette in both themes, except its black, which becomes the foreground.

namespace rope::ui {

enum class PlotTheme { Light, Dark };

/// \brief The colours of one theme.
struct PlotColours {
    QColor background;
    QColor foreground;  ///< axes, ticks, tick and axis labels, title
    QColor grid;        ///< major grid lines
    QColor subGrid;     ///< minor grid lines (drawn only where a figure turns them on)
    QColor readout;     ///< readout text under the axes
    QColor label;       ///< text labels placed on the data
    QColor sideLabel;   ///< text labels of the side plot (secondary)
    QColor guide;       ///< dashed guide lines
    QColor legendBrush; ///< legend background (translucent over data)
    QColor legendBorder;
};

/// \brief The colours of \p theme. Contrast of foreground on background ≥ 12:1 in both.
const PlotColours& plotColours(PlotTheme theme);

/// \brief "light" / "dark" (ids of `rope-cli figure --theme` and the settings).
QString plotThemeId(PlotTheme theme);
/// \brief The theme with this id, or nullopt for anything else (case-sensitive).
std::optional<PlotTheme> plotThemeFromId(const QString& id);

/// \brief Stores \p theme on \p plot (a dynamic property) for the next drawFigure() and sets
/// the background at once. Does not redraw.
void setPlotTheme(QCustomPlot& plot, PlotTheme theme);
/// \brief The theme stored on \p plot; Light when none was set.
PlotTheme plotTheme(const QCustomPlot& plot);

/// \brief Colours every axis of \p plot (main, side and colour-scale axes), its grids, legend
/// and background after \p theme. drawFigure() calls it last; it is cheap (no replot).
void applyPlotColours(QCustomPlot& plot, PlotTheme theme);

} // namespace rope::ui
