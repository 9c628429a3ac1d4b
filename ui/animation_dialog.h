// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/render/animation_export.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressDialog;
class QPushButton;
class QSpinBox;

namespace rope::ui {

class FigurePanel;

/// \brief File ▸ Export animation…: sweeps one numeric option or parameter of the visible
/// panel (objectName "animation-dialog"). Controls (objectNames): "key" (the panel's numeric
/// options, then m, n, base, factor, …), "from", "to", "frames", "fps", "format" (GIF, MP4,
/// WebM, PNG frames), "width", "height". The panel's current parameters and options are the
/// starting point. A problem (a value out of range, ffmpeg missing for MP4/WebM) is shown in
/// the "problem" label and disables Export. Export asks for the file (or folder) and runs an
/// AnimationExporter under a QProgressDialog whose Cancel discards the partial file.
class AnimationDialog : public QDialog {
    Q_OBJECT

public:
    AnimationDialog(FigurePanel& panel, const rope::RopeParams& params, QWidget* parent = nullptr);
    ~AnimationDialog() override;

    /// \brief The export as set in the controls, writing to \p out.
    /// \throws figures::SweepError naming what is out of range.
    AnimationJob job(const QString& out) const;
    /// \brief Starts the export to \p out without asking (tests; Export asks, then calls it).
    void startExport(const QString& out);
    /// \brief The running export, or nullptr.
    AnimationExporter* exporter() const noexcept { return m_exporter; }
    /// \brief The progress dialog of the running export, or nullptr.
    QProgressDialog* progressDialog() const noexcept { return m_progress; }

signals:
    /// The export ended (see AnimationExporter::finished).
    void exportFinished(const QStringList& written, const QString& error, bool cancelled);

private:
    AnimationFormat format() const;
    void keyChanged();
    void updateProblem();
    void exportInteractively();
    void exportEnded(const QStringList& written, const QString& error, bool cancelled);

    FigurePanel& m_panel;
    rope::RopeParams m_params;
    QComboBox* m_key;
    QDoubleSpinBox* m_from;
    QDoubleSpinBox* m_to;
    QSpinBox* m_frames;
    QDoubleSpinBox* m_fps;
    QComboBox* m_format;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QLabel* m_problem;
    QPushButton* m_export;
    AnimationExporter* m_exporter = nullptr;
    QProgressDialog* m_progress = nullptr;
};

} // namespace rope::ui
