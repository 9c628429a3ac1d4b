// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "figures/figure_data.h"

#include <QString>

#include <functional>

class QWidget;

/// \file deck_dialog.h
/// File ▸ Export ▸ Slides and Handout: the dialogs in front of ui/render/deck_export.h.

namespace rope::ui {

/// \brief Asks which panels go on slides (\p currentPanel preselected), then for a .pdf file,
/// and writes the deck with a progress dialog (cancellable). \p optionsOf gives a panel's
/// current options. Errors are shown in a message box; returns the path written or empty.
QString exportSlidesInteractively(QWidget* parent, const rope::RopeParams& params,
                                  const std::function<figures::FigureOptions(const QString&)>& optionsOf,
                                  const QString& currentPanel);

/// \brief Asks for the edition (student sheets or answer key), then for a .pdf file, and writes
/// that edition of the course handout in the current language with a progress dialog. Returns
/// the path written or empty.
QString exportHandoutInteractively(QWidget* parent);

} // namespace rope::ui
