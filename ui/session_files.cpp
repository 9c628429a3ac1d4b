// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/session_files.h"

#include "figures/figure_registry.h"
#include "io/session.h"
#include "ui/explorer_state.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>

namespace rope::ui {

namespace {
const QString kRecentKey = QStringLiteral("sessions/recent");
const QString kRecentModelsKey = QStringLiteral("models/recent");
const QString kSessionDirKey = QStringLiteral("sessions/directory");

QString sessionFilter() {
    return QObject::tr("RoPE Explorer sessions (*.%1)").arg(QLatin1String(io::kSessionSuffix));
}

// \p path first in the list under \p key, at most MainWindow::kMaxRecentSessions entries.
void addRecent(const QString& key, const QString& path) {
    QStringList recent = QSettings().value(key).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > MainWindow::kMaxRecentSessions) {
        recent.removeLast();
    }
    QSettings().setValue(key, recent);
}
} // namespace

SessionFiles::SessionFiles(MainWindow& window) : QObject(&window), m_window(window) {}

void SessionFiles::setRecentMenu(QMenu* menu) {
    m_recentMenu = menu;
    rebuildRecentMenu();
}

io::Session SessionFiles::currentSession() const {
    io::Session session;
    session.params = m_window.state().params();
    if (const QWidget* current = m_window.pages()->currentWidget()) {
        session.activePanel = current->objectName();
    }
    for (const FigurePanel* p : m_window.panels()) {
        const FigureOptions options = p->persistentOptions();
        if (!options.isEmpty()) {
            session.panelOptions.insert(p->objectName(), options);
        }
    }
    session.windowGeometry = m_window.saveGeometry();
    session.windowState = m_window.saveState();
    return session;
}

bool SessionFiles::saveTo(const QString& path) {
    QString error;
    if (!io::saveSession(path, currentSession(), &error)) {
        m_window.statusBar()->showMessage(tr("Session not saved: %1").arg(error), 10000);
        m_window.showError(tr("Session not saved"),
                           tr("Could not save the session to\n%1\n\n%2")
                               .arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    setPath(path);
    addRecentSession(path);
    m_window.statusBar()->showMessage(tr("Saved session %1").arg(path), 5000);
    return true;
}

bool SessionFiles::open(const QString& path) {
    const io::SessionLoadResult result = io::loadSession(path);
    if (result.fileVersion < 0 ||
        !result.errors.filter(QRegularExpression(QStringLiteral("^\\(file\\):"))).isEmpty()) {
        // Unreadable or not a session at all: nothing is applied.
        const QString reason = result.errors.join(QLatin1Char('\n'));
        m_window.statusBar()->showMessage(
            tr("Session not opened: %1").arg(result.errors.join(QStringLiteral("; "))), 10000);
        m_window.showError(
            tr("Session not opened"),
            tr("Could not open the session\n%1\n\n%2").arg(QDir::toNativeSeparators(path), reason));
        return false;
    }
    QStringList notes = result.warnings;
    apply(result.session, notes);
    setPath(path);
    addRecentSession(path);
    if (!result.errors.isEmpty()) {
        m_window.showError(
            tr("Session opened with errors"),
            tr("%1: these entries could not be used and kept their defaults:\n\n%2")
                .arg(QFileInfo(path).fileName(), result.errors.join(QLatin1Char('\n'))));
    }
    const QStringList all = result.errors + notes;
    m_window.statusBar()->showMessage(
        all.isEmpty() ? tr("Opened session %1").arg(path)
                      : tr("Opened session %1 (%2)").arg(path, all.join(QStringLiteral("; "))),
        10000);
    return true;
}

void SessionFiles::apply(const io::Session& session, QStringList& notes) {
    m_applying = true;
    // Parameters first: some controls follow them (precision's probe m, heatmap's zoom), and
    // the restored options then win.
    m_window.state().setParams(session.params);
    m_window.restoreLayout(session.windowGeometry, session.windowState, notes);
    for (auto it = session.panelOptions.begin(); it != session.panelOptions.end(); ++it) {
        if (m_window.panel(it.key()) == nullptr) {
            notes << tr("panelOptions.%1: no such panel, skipped").arg(it.key());
        }
    }
    for (FigurePanel* p : m_window.panels()) {
        // Unknown keys and bad values are named and left out, never silently kept.
        const figures::OptionCheck check =
            figures::checkOptions(p->objectName(), p->figure().options(),
                                  session.panelOptions.value(p->objectName()).toMap());
        notes << check.problems;
        p->restoreOptions(check.accepted);
    }
    if (!session.activePanel.isEmpty()) {
        if (FigurePanel* active = m_window.panel(session.activePanel)) {
            m_window.pages()->setCurrentWidget(active);
        } else {
            notes << tr("activePanel: no panel '%1', skipped").arg(session.activePanel);
        }
    }
    m_applying = false;
}

void SessionFiles::setPath(const QString& path) {
    m_path = path;
    m_window.setWindowTitle(path.isEmpty()
                                ? tr("RoPE Explorer[*]")
                                : tr("%1[*] — RoPE Explorer").arg(QFileInfo(path).fileName()));
    m_window.setWindowFilePath(path);
    m_window.setWindowModified(false);
}

void SessionFiles::markModified() {
    if (!m_applying) {
        m_window.setWindowModified(true);
    }
}

QStringList SessionFiles::recentSessions() {
    return QSettings().value(kRecentKey).toStringList();
}

QStringList SessionFiles::recentModelConfigs() {
    return QSettings().value(kRecentModelsKey).toStringList();
}

void SessionFiles::addRecentSession(const QString& path) {
    addRecent(kRecentKey, path);
    rebuildRecentMenu();
}

void SessionFiles::addRecentModelConfig(const QString& path) {
    addRecent(kRecentModelsKey, path);
    rebuildRecentMenu();
}

void SessionFiles::rebuildRecentMenu() {
    if (m_recentMenu == nullptr) {
        return;
    }
    m_recentMenu->clear();
    const QStringList recent = recentSessions();
    const QStringList models = recentModelConfigs();
    m_recentMenu->addSection(tr("Sessions"));
    for (int k = 0; k < recent.size(); ++k) {
        const QString& path = recent[k];
        QAction* action = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(k + 1).arg(QFileInfo(path).fileName()), this,
            [this, path] { open(path); });
        action->setToolTip(QDir::toNativeSeparators(path));
    }
    // Model configs are numbered on from the sessions, so every entry keeps a unique mnemonic.
    m_recentMenu->addSection(tr("Model configs"));
    for (int k = 0; k < models.size(); ++k) {
        const QString& path = models[k];
        const int number = static_cast<int>(recent.size()) + k + 1;
        QAction* action = m_recentMenu->addAction(
            number <= 9 ? QStringLiteral("&%1 %2").arg(number).arg(QFileInfo(path).fileName())
                        : QFileInfo(path).fileName(),
            this, [this, path] { m_window.openModelConfigFile(path); });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setObjectName(QStringLiteral("recent-model"));
    }
    m_recentMenu->setToolTipsVisible(true);
    m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear list"), this, [this] {
        QSettings settings;
        settings.remove(kRecentKey);
        settings.remove(kRecentModelsKey);
        rebuildRecentMenu();
    });
    clear->setEnabled(!recent.isEmpty() || !models.isEmpty());
    m_recentMenu->setEnabled(true);
}

void SessionFiles::saveInteractively(bool askForPath) {
    QString path = m_path;
    if (askForPath || path.isEmpty()) {
        QSettings settings;
        const QString dir = settings.value(kSessionDirKey, QDir::homePath()).toString();
        const QString suggested =
            path.isEmpty()
                ? QDir(dir).filePath(QStringLiteral("session.") + QLatin1String(io::kSessionSuffix))
                : path;
        path =
            QFileDialog::getSaveFileName(&m_window, tr("Save session"), suggested, sessionFilter());
        if (path.isEmpty()) {
            return;
        }
        if (QFileInfo(path).suffix().isEmpty()) {
            path += QLatin1Char('.') + QLatin1String(io::kSessionSuffix);
        }
        settings.setValue(kSessionDirKey, QFileInfo(path).absolutePath());
    }
    saveTo(path);
}

void SessionFiles::openInteractively() {
    QSettings settings;
    const QString dir = settings.value(kSessionDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(&m_window, tr("Open session"), dir,
                                                      sessionFilter() + tr(";;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(kSessionDirKey, QFileInfo(path).absolutePath());
    open(path);
}

} // namespace rope::ui
