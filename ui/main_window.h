// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>
#include <vector>

class QTabWidget;

namespace rope::ui {

class ExplorerState;
class FigurePanel;
class ParameterForm;
struct ModelConfigResult;

/// \brief The explorer's main window: one tab per figure registry row, the parameter form in
/// a dock, File (Export…, Quit), Model (open a Hugging Face config.json, built-in presets),
/// View and Help menus, validation messages in the status bar.
/// Geometry, dock layout and the current tab persist in QSettings ("window/…").
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    /// \param persistent load/save settings (off in tests).
    explicit MainWindow(QWidget* parent = nullptr, bool persistent = true);
    ~MainWindow() override;

    ExplorerState& state() const { return *m_state; }
    ParameterForm& form() const { return *m_form; }
    const std::vector<FigurePanel*>& panels() const { return m_panels; }
    QTabWidget* tabs() const { return m_tabs; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void exportCurrent();
    void openModelConfig();
    void applyModel(const ModelConfigResult& result);
    void showAbout();

    ExplorerState* m_state;
    ParameterForm* m_form;
    QTabWidget* m_tabs;
    std::vector<FigurePanel*> m_panels;
    bool m_persistent;
};

} // namespace rope::ui
