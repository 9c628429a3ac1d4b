// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/option_table.h"

class QWidget;

/// \file option_controls.h
/// The one generic builder of panel controls: a labelled widget per OptionTable row, named
/// after the option id, wired to FigurePanel::setOption(). A panel needs no control code of
/// its own; the few widgets that are not an option (a Play button, a click on the plot) are
/// built by special_controls.h.

namespace rope::ui {

class ExplorerState;
class FigurePanel;

/// \brief A row of controls for every Generic option of \p table (objectName = option id),
/// each showing the option's default. Changing one calls panel.setOption(id, value).
/// Integer options with a dynamicMax follow the parameters.
QWidget* buildOptionControls(const figures::OptionTable& table, FigurePanel& panel,
                             ExplorerState& state);

/// \brief Moves the control of option \p spec inside \p controls to \p value (signals blocked);
/// a null \p value shows the default. Used when options are restored or set programmatically.
void showOptionValue(QWidget* controls, const figures::OptionSpec& spec, const QVariant& value,
                     const figures::FigureOptions& options);

/// \brief Marks the control of option \p spec inside \p controls as refused: a red border and
/// \p reason as its tooltip (the panel keeps the last accepted value). An empty \p reason
/// clears the mark and restores the row's tooltip. No-op for an option without a control.
void markOptionRefused(QWidget* controls, const figures::OptionSpec& spec, const QString& reason);

/// \brief \p label of the option table translated (context "FigureOptions").
QString translatedOptionText(const char* text);

} // namespace rope::ui
