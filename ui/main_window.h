// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/code_export.h"
#include "ui/app_theme.h"

#include "figures/course.h"

#include <QMainWindow>
#include <QStringList>
#include <vector>

class QDockWidget;
class QLineEdit;
class QStackedWidget;
class QTreeWidget;

namespace rope::io {
struct Session;
}

namespace rope::ui {

class CoursePane;
class ExplorerState;
class FigurePanel;
class LayerStrip;
class ModelLoader;
class PanelNavigation;
class ParameterForm;
class SessionFiles;
class WindowMenus;

/// \brief The explorer's main window: one page per figure registry row in a stack (every panel
/// stays alive and keeps its state), chosen in the "Panels" sidebar (objectName "navigation"):
/// panels grouped by topic (Figure::group), a search field that filters them (Ctrl+F), and
/// shortcuts (Ctrl+PgDown / Ctrl+PgUp: next / previous panel in sidebar order, Alt+1…9 the
/// first nine). Below it, the parameter form and the guided course (CoursePane) share a
/// tabbed dock; all three form one left column so the plot keeps the rest of the width. File
/// (Export…, Quit), Model (open a Hugging Face config.json, built-in presets), View and Help menus,
/// validation messages in the status bar. The window opens at 85 % of the screen's available area
/// (at least 1280×800 when the screen has room); geometry, dock layout and the current panel
/// persist in QSettings ("window/…"), the theme (View ▸ Theme: System, Light, Dark) in
/// "view/theme". Help ▸ Keyboard shortcuts lists every shortcut from the actions themselves.
///
/// Sessions (io/session.h): File → Save session (Ctrl+S), Save session as…, Open
/// session… (Ctrl+O) and Open recent (QSettings "sessions/recent") save and restore the
/// parameters, the visible panel, every panel's options and the window layout. The title names
/// the session file and carries the modified marker once parameters or options change after a
/// save or open. Dropping a .ropex opens it, dropping a .json imports it as a model config.
/// A model whose layers differ in their RoPE (Gemma 3, Cohere2, Llama 4, SmolLM3) gets a layer
/// strip above the tabs: choosing a layer makes every panel show it, and the extension panel
/// compares its wavelengths with another layer kind. A model with mrope_section sets the M-RoPE
/// panel's layout and section.
/// Edit → Copy as NumPy/PyTorch code puts code_export.h's snippet on the clipboard.
/// Errors never block: they appear in a window-modal message box (objectName "error-box") and
/// the status bar.
///
/// The window wires its parts together: PanelNavigation (the sidebar), SessionFiles (the
/// session file, its title and modified marker, File ▸ Open recent), ModelLoader (config.json,
/// GGUF, presets, model folders, the layer strip) and WindowMenus (the menu bar and its
/// actions). What a panel takes from a loaded model or layer is a field of its registry row
/// (figures::Figure::modelOptions, layerOptions, folderOption), never a branch on its id here.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    /// \param persistent load/save settings (off in tests).
    explicit MainWindow(QWidget* parent = nullptr, bool persistent = true);
    ~MainWindow() override;

    ExplorerState& state() const { return *m_state; }
    ParameterForm& form() const { return *m_form; }
    const std::vector<FigurePanel*>& panels() const { return m_panels; }
    /// \brief The stack of panels, in registry order; its current widget is the visible panel.
    QStackedWidget* pages() const { return m_pages; }
    /// \brief The strip of the loaded model's layers above the panels (hidden unless the
    /// layers differ in their RoPE).
    LayerStrip& layerStrip() const { return *m_layerStrip; }
    /// \brief The panel with this figure id, or nullptr.
    FigurePanel* panel(const QString& id) const;
    /// \brief The visible panel.
    FigurePanel* currentPanel() const;
    /// \brief Shows the panel with this id. \return false if there is none.
    bool showPanel(const QString& id);
    /// \brief Moves \p delta panels along the sidebar order (wrapping), skipping panels the
    /// search hides.
    void stepPanel(int delta);
    /// \brief The sidebar's search field and tree.
    QLineEdit* navigationFilter() const;
    QTreeWidget* navigation() const;
    /// \brief Hides the sidebar entries whose title, id and topic do not contain \p text.
    void filterNavigation(const QString& text);
    /// \brief The guided course pane.
    CoursePane* course() const { return m_course; }
    /// \brief Applies a course step: its parameters, then its options on its panel (others at
    /// their defaults), and shows the panel.
    void openCourseStep(const figures::CourseStep& step);
    /// A predict step was committed: its reveal parameters and options.
    void revealCourseStep(const figures::CourseStep& step);
    /// A find step is checked from the visible panel's state.
    void sendCourseState();
    /// \brief Left column 290 px wide, panel list 300 px tall: the plot gets the rest (done on the
    /// first show unless a saved layout was restored; call again after resizing the window in
    /// code).
    void resetDockWidths();
    /// \brief 85 % of \p available, at least 1280×800 when \p available has room for it.
    static QSize initialSize(const QSize& available);

    /// \brief Everything a session file holds, taken from the window now.
    io::Session currentSession() const;
    /// \brief Writes the current session to \p path (atomically); on success it becomes the
    /// window's session file. On failure shows an error naming the path and reason.
    bool saveSessionTo(const QString& path);
    /// \brief Loads \p path and applies it (params, panel options, window layout, visible
    /// panel). An unreadable file changes nothing; errors and skipped keys are shown.
    bool openSession(const QString& path);
    /// \brief Imports a Hugging Face config.json (keeps m and n); errors and warnings name the
    /// field. \return false if nothing could be applied.
    bool openModelConfigFile(const QString& path);
    /// \brief What a drop does: .ropex → openSession, .json → openModelConfigFile, anything
    /// else is refused with the reason in the status bar.
    bool openDroppedFile(const QString& path);
    /// \brief Puts codeSnippet(language, state().params()) on the clipboard.
    bool copyCode(io::CodeLanguage language);
    /// \brief The session file shown in the title (empty: none yet).
    const QString& sessionPath() const;
    /// \brief Most recent first, at most kMaxRecentSessions (QSettings "sessions/recent").
    static QStringList recentSessions();
    static constexpr int kMaxRecentSessions = 8;
    /// \brief Model configs opened successfully, most recent first, at most kMaxRecentSessions
    /// (QSettings "models/recent"); listed under File ▸ Open recent after the sessions.
    static QStringList recentModelConfigs();
    /// \brief View ▸ Theme: applies \p choice (app_theme.h) and remembers it (QSettings
    /// "view/theme", when persistent); the plots and lessons follow the new palette.
    void setTheme(ThemeChoice choice);
    /// \brief Opens Help ▸ Keyboard shortcuts (ShortcutsDialog, generated from the actions).
    void showShortcuts();

    /// \brief Opens the non-modal "Show code" dialog (objectName "code-dialog").
    void showCode();
    /// \brief A window-modal, non-blocking warning box (objectName "error-box").
    void showError(const QString& title, const QString& text);
    /// \brief Restores a session's window geometry and dock layout (empty: left as it is); what
    /// could not be restored is added to \p notes.
    void restoreLayout(const QByteArray& geometry, const QByteArray& state, QStringList& notes);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    ExplorerState* m_state;
    ParameterForm* m_form;
    QStackedWidget* m_pages;
    LayerStrip* m_layerStrip;
    std::vector<FigurePanel*> m_panels;
    QDockWidget* m_navigationDock = nullptr;
    QDockWidget* m_parametersDock = nullptr;
    /// Dock widths are set on the first show (before it the layout ignores them), unless a
    /// saved layout was restored.
    bool m_dockWidthsPending = true;
    PanelNavigation* m_navigation = nullptr;
    CoursePane* m_course = nullptr;
    SessionFiles* m_sessions = nullptr;
    ModelLoader* m_models = nullptr;
    WindowMenus* m_menus = nullptr;
    bool m_persistent;
};

} // namespace rope::ui
