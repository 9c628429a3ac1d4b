// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/render/plot_theme.h"

#include <QString>

#include <optional>

class QPalette;

/// \file app_theme.h
/// The application's colour theme (View ▸ Theme): Light, Dark, or System. Light and Dark set
/// the Fusion style with a light or dark palette; System restores the style and palette the
/// desktop gave at start. Widgets follow the application palette; FigurePanel redraws its plot
/// in the matching PlotTheme on every palette change, so plots, heatmap colour bars, readouts
/// and lesson text follow too.

namespace rope::ui {

enum class ThemeChoice { System, Light, Dark };

/// \brief "system" / "light" / "dark": the QSettings value ("view/theme").
QString themeChoiceId(ThemeChoice choice);
/// \brief The choice with this id, or nullopt.
std::optional<ThemeChoice> themeChoiceFromId(const QString& id);

/// \brief True when \p palette is dark: its window colour has HSL lightness below one half.
/// (Qt 6.4 has no QStyleHints::colorScheme; the palette is what a desktop theme sets.)
bool paletteIsDark(const QPalette& palette);

/// \brief The plot theme matching \p palette.
PlotTheme plotThemeFor(const QPalette& palette);

/// \brief Applies \p choice to the running QApplication (palette and style).
void applyThemeChoice(ThemeChoice choice);

/// \brief The choice applied last (System before any call).
ThemeChoice currentThemeChoice();

} // namespace rope::ui
