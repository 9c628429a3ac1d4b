// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/code_export.h"
#include "ui/app_theme.h"

#include <QObject>

class QDockWidget;
class QMenu;

namespace rope::ui {

class MainWindow;
class ModelLoader;
class PanelNavigation;
class SessionFiles;

/// \brief The window's menu bar and what its actions do: File (sessions, recent files, model
/// folders, figure, animation, slide and handout exports, Quit), Edit (copy or show the code
/// for the parameters), Model (config.json, GGUF, presets), View (the docks, Language, panel
/// search and stepping, presenter mode, lessons, one entry per panel with Alt+1…9, Theme) and
/// Help (keyboard shortcuts, About). Menus and actions keep the objectNames the tests and the
/// GUI monkey look for ("recent-menu", "open-model-folder", "language-menu", "theme-menu",
/// "show-lessons", …).
class WindowMenus : public QObject {
    Q_OBJECT

public:
    /// The docks are those the View menu shows and hides, in that order.
    WindowMenus(MainWindow& window, SessionFiles& sessions, ModelLoader& models,
                PanelNavigation& navigation, QDockWidget* navigationDock, QDockWidget* courseDock,
                QDockWidget* parametersDock, bool persistent);

    /// \brief View ▸ Theme: applies \p choice (app_theme.h) and remembers it (QSettings
    /// "view/theme", when persistent).
    void setTheme(ThemeChoice choice);
    /// \brief Help ▸ Keyboard shortcuts (ShortcutsDialog, generated from the actions).
    void showShortcuts();
    /// \brief Edit ▸ Copy as NumPy/PyTorch code: codeSnippet(language, params) to the clipboard.
    bool copyCode(io::CodeLanguage language);
    /// \brief Edit ▸ Show code… (CodeDialog).
    void showCode();

private:
    void buildFileMenu();
    void buildViewMenu(QDockWidget* navigationDock, QDockWidget* courseDock,
                       QDockWidget* parametersDock);
    void buildThemeMenu(QMenu* view);
    void exportCurrent();
    /// Stores \p code under the settings key figures::kLanguageKey and, if it is not the
    /// language shown, says (visibly, in both languages) that it applies at the next start.
    void chooseLanguage(const QString& code);
    void showAbout();

    MainWindow& m_window;
    SessionFiles& m_sessions;
    ModelLoader& m_models;
    PanelNavigation& m_navigation;
    bool m_persistent;
};

} // namespace rope::ui
