// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/render/figure_export.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace rope::ui {

/// \brief Asks how an image export should look (objectName "export-options"): its theme (as on
/// screen, light or dark; objectName "theme") and, for PNG, its pixel multiplier (1–4×,
/// objectName "scale", with the resulting pixel size shown). The choices are remembered in
/// QSettings ("export/theme", "export/scale").
class ExportOptionsDialog : public QDialog {
    Q_OBJECT

public:
    /// \param logicalSize the figure's size on screen, for the pixel-size hint.
    ExportOptionsDialog(ExportFormat format, QSize logicalSize, QWidget* parent = nullptr);

    /// \brief The chosen style (remembered on accept()).
    ExportStyle style() const;

    void accept() override;

    /// \brief Runs the dialog; nullopt when cancelled. CSV needs no options: returns the
    /// default style at once.
    static std::optional<ExportStyle> ask(ExportFormat format, QSize logicalSize, QWidget* parent);

private:
    void updateHint();

    ExportFormat m_format;
    QSize m_logicalSize;
    QComboBox* m_theme;
    QDoubleSpinBox* m_scale;
    QLabel* m_hint;
};

} // namespace rope::ui
