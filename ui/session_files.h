// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;

namespace rope::io {
struct Session;
}

namespace rope::ui {

class MainWindow;

/// \brief The window's session file (io/session.h) and its recent files: File ▸ Save session,
/// Save session as…, Open session…, and File ▸ Open recent, which lists the recent sessions
/// (QSettings "sessions/recent") and then the model configs opened successfully ("models/recent"),
/// at most MainWindow::kMaxRecentSessions each, most recent first. Owns the window title (the
/// session file's name) and its modified marker, set once parameters or options change after a
/// save or open.
class SessionFiles : public QObject {
    Q_OBJECT

public:
    explicit SessionFiles(MainWindow& window);

    /// \brief File ▸ Open recent (objectName "recent-menu"): filled now and on each change.
    void setRecentMenu(QMenu* menu);

    /// \brief Everything a session file holds, taken from the window now.
    io::Session currentSession() const;
    /// \brief Writes the current session to \p path (atomically); on success it becomes the
    /// session file. On failure shows an error naming the path and reason.
    bool saveTo(const QString& path);
    /// \brief Loads \p path and applies it (params, panel options, window layout, visible
    /// panel). An unreadable file changes nothing; errors and skipped keys are shown.
    bool open(const QString& path);
    /// File ▸ Save session (\p askForPath false: the current file if there is one) and Save
    /// session as….
    void saveInteractively(bool askForPath);
    /// File ▸ Open session….
    void openInteractively();
    /// \brief The session file shown in the title (empty: none yet).
    const QString& path() const { return m_path; }
    /// \brief Makes \p path the session file (empty: none) and clears the modified marker.
    void setPath(const QString& path);
    /// \brief Sets the modified marker, unless a session is being applied.
    void markModified();

    static QStringList recentSessions();
    static QStringList recentModelConfigs();
    /// \brief Puts \p path first in the recent model configs.
    void addRecentModelConfig(const QString& path);

private:
    void apply(const io::Session& session, QStringList& notes);
    void addRecentSession(const QString& path);
    void rebuildRecentMenu();

    MainWindow& m_window;
    QMenu* m_recentMenu = nullptr;
    QString m_path;
    bool m_applying = false;
};

} // namespace rope::ui
