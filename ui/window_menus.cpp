// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window_menus.h"

#include "figures/figure_registry.h"
#include "figures/language.h"
#include "io/presets.h"
#include "ui/animation_dialog.h"
#include "ui/code_dialog.h"
#include "ui/deck_dialog.h"
#include "ui/explorer_state.h"
#include "ui/export_options_dialog.h"
#include "ui/main_window.h"
#include "ui/model_loader.h"
#include "ui/panel_navigation.h"
#include "ui/panels/figure_panel.h"
#include "ui/presenter_window.h"
#include "ui/session_files.h"
#include "ui/shortcuts_dialog.h"

#include <Eigen/Core>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTranslator>
#include <qcustomplot.h>

namespace rope::ui {

namespace {
const QString kThemeKey = QStringLiteral("view/theme");
} // namespace

WindowMenus::WindowMenus(MainWindow& window, SessionFiles& sessions, ModelLoader& models,
                         PanelNavigation& navigation, QDockWidget* navigationDock,
                         QDockWidget* courseDock, QDockWidget* parametersDock, bool persistent)
    : QObject(&window), m_window(window), m_sessions(sessions), m_models(models),
      m_navigation(navigation), m_persistent(persistent) {
    buildFileMenu();
    QMenu* edit = m_window.menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("Copy as &NumPy code"), this, [this] { copyCode(io::CodeLanguage::NumPy); });
    edit->addAction(tr("Copy as &PyTorch code"), this,
                    [this] { copyCode(io::CodeLanguage::PyTorch); });
    edit->addAction(tr("&Show code…"), this, &WindowMenus::showCode);
    QMenu* model = m_window.menuBar()->addMenu(tr("&Model"));
    // Ctrl+O opens a session; the config import moved to Ctrl+Shift+O.
    model->addAction(tr("&Open config.json…"), QKeySequence(tr("Ctrl+Shift+O")), &m_models,
                     &ModelLoader::openInteractively);
    model->addSeparator();
    for (const io::Preset& preset : io::allPresets()) {
        QAction* action = model->addAction(preset.displayName, &m_models,
                                           [this, id = preset.id] { m_models.openPreset(id); });
        action->setToolTip(preset.source);
    }
    model->setToolTipsVisible(true);
    buildViewMenu(navigationDock, courseDock, parametersDock);
    QMenu* help = m_window.menuBar()->addMenu(tr("&Help"));
    QAction* keys = help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this,
                                    &WindowMenus::showShortcuts);
    keys->setObjectName(QStringLiteral("keyboard-shortcuts"));
    help->addSeparator();
    help->addAction(tr("&About RoPE Explorer"), this, &WindowMenus::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void WindowMenus::buildFileMenu() {
    QMenu* file = m_window.menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open session…"), QKeySequence::Open, &m_sessions,
                    &SessionFiles::openInteractively);
    QMenu* recent = file->addMenu(tr("Open &recent"));
    recent->setObjectName(QStringLiteral("recent-menu"));
    m_sessions.setRecentMenu(recent);
    QAction* openWeights = file->addAction(tr("Open model &folder (weights)…"), &m_models,
                                           &ModelLoader::openFolderInteractively);
    openWeights->setObjectName(QStringLiteral("open-model-folder"));
    QAction* hfCache =
        file->addAction(tr("&Hugging Face cache…"), &m_models, &ModelLoader::openHuggingFaceCache);
    hfCache->setObjectName(QStringLiteral("hf-cache"));
    file->addSeparator();
    file->addAction(tr("&Save session"), QKeySequence::Save, &m_sessions,
                    [this] { m_sessions.saveInteractively(false); });
    file->addAction(tr("Save session &as…"), QKeySequence::SaveAs, &m_sessions,
                    [this] { m_sessions.saveInteractively(true); });
    file->addSeparator();
    file->addAction(tr("&Export current figure…"), QKeySequence(tr("Ctrl+E")), this,
                    &WindowMenus::exportCurrent);
    QAction* animate =
        file->addAction(tr("Export &animation…"), QKeySequence(tr("Ctrl+Shift+E")), this, [this] {
            if (FigurePanel* p = m_window.currentPanel()) {
                auto* dialog = new AnimationDialog(*p, m_window.state().params(), &m_window);
                dialog->setAttribute(Qt::WA_DeleteOnClose);
                dialog->show();
            }
        });
    animate->setObjectName(QStringLiteral("export-animation"));
    QAction* slides = file->addAction(tr("Export &slides (PDF)…"), this, [this] {
        const FigurePanel* current = m_window.currentPanel();
        const QString written = exportSlidesInteractively(
            &m_window, m_window.state().params(),
            [this](const QString& id) {
                FigurePanel* p = m_window.panel(id);
                return p != nullptr ? p->persistentOptions() : FigureOptions{};
            },
            current != nullptr ? current->objectName() : QString());
        if (!written.isEmpty()) {
            m_window.statusBar()->showMessage(tr("Wrote %1").arg(written), 5000);
        }
    });
    slides->setObjectName(QStringLiteral("export-slides"));
    QAction* handout = file->addAction(tr("Export &handout (PDF)…"), this, [this] {
        const QString written = exportHandoutInteractively(&m_window);
        if (!written.isEmpty()) {
            m_window.statusBar()->showMessage(tr("Wrote %1").arg(written), 5000);
        }
    });
    handout->setObjectName(QStringLiteral("export-handout"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, &m_window, &QWidget::close);
}

void WindowMenus::buildViewMenu(QDockWidget* navigationDock, QDockWidget* courseDock,
                                QDockWidget* parametersDock) {
    QMenu* view = m_window.menuBar()->addMenu(tr("&View"));
    view->addAction(navigationDock->toggleViewAction());
    view->addAction(courseDock->toggleViewAction());
    view->addAction(parametersDock->toggleViewAction());
    QMenu* language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("language-menu"));
    auto* languages = new QActionGroup(language);
    for (const QString& code : figures::availableLanguages()) {
        QAction* action = language->addAction(figures::languageName(code), this,
                                              [this, code] { chooseLanguage(code); });
        action->setObjectName(QStringLiteral("language-") + code);
        action->setCheckable(true);
        action->setChecked(code == figures::currentLanguage());
        languages->addAction(action);
    }
    view->addSeparator();
    view->addAction(tr("&Find panel"), QKeySequence::Find, this, [this, navigationDock] {
        navigationDock->show();
        m_navigation.filter()->setFocus();
        m_navigation.filter()->selectAll();
    });
    view->addAction(tr("N&ext panel"), QKeySequence(Qt::CTRL | Qt::Key_PageDown), this,
                    [this] { m_navigation.stepPanel(1); });
    view->addAction(tr("P&revious panel"), QKeySequence(Qt::CTRL | Qt::Key_PageUp), this,
                    [this] { m_navigation.stepPanel(-1); });
    addPresenterAction(m_window, view);
    // The lessons take a quarter of the width: on a 1280-px screen or a projector the plot
    // may want it all.
    QAction* lessons = view->addAction(tr("Show &lessons"));
    lessons->setObjectName(QStringLiteral("show-lessons"));
    lessons->setShortcut(QKeySequence(tr("Ctrl+L")));
    lessons->setCheckable(true);
    lessons->setChecked(QSettings().value(QStringLiteral("view/lesson-visible"), true).toBool());
    connect(lessons, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("view/lesson-visible"), on);
        for (FigurePanel* p : m_window.panels()) {
            p->lesson()->setVisible(on);
        }
    });
    view->addSeparator();
    const std::vector<FigurePanel*>& panels = m_window.panels();
    for (int k = 0; k < m_window.pages()->count(); ++k) {
        QAction* go = view->addAction(
            QCoreApplication::translate("Figures", panels[std::size_t(k)]->figure().title), this,
            [this, k] { m_window.pages()->setCurrentIndex(k); });
        if (k < 9) {
            go->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(k + 1)));
        }
    }
    buildThemeMenu(view);
}

void WindowMenus::exportCurrent() {
    FigurePanel* panel = m_window.currentPanel();
    if (panel == nullptr) {
        return;
    }
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("export/directory"), QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(
        &m_window, tr("Export figure"),
        QDir(dir).filePath(panel->objectName() + QStringLiteral(".png")),
        tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;CSV data (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("export/directory"), QFileInfo(path).absolutePath());
    const std::optional<ExportFormat> format = exportFormatForPath(path);
    std::optional<ExportStyle> style = ExportStyle{};
    if (format) { // an unknown extension is reported by exportTo
        style = ExportOptionsDialog::ask(*format, panel->plot()->size(), &m_window);
        if (!style) {
            return;
        }
    }
    panel->exportWithProgress(path, *style); // the outcome arrives through exportFinished
}

bool WindowMenus::copyCode(io::CodeLanguage language) {
    QString code;
    try {
        code = io::codeSnippet(language, m_window.state().params());
    } catch (const rope::InvalidParameter& e) {
        m_window.statusBar()->showMessage(tr("No code: %1").arg(QString::fromUtf8(e.what())),
                                          10000);
        return false;
    }
    QGuiApplication::clipboard()->setText(code);
    m_window.statusBar()->showMessage(language == io::CodeLanguage::NumPy
                                          ? tr("Copied NumPy code for the current parameters")
                                          : tr("Copied PyTorch code for the current parameters"),
                                      5000);
    return true;
}

void WindowMenus::showCode() {
    auto* dialog = new CodeDialog(m_window.state().params(), &m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CodeDialog::copied, this,
            [this](const QString& message) { m_window.statusBar()->showMessage(message, 5000); });
    dialog->show();
}

void WindowMenus::chooseLanguage(const QString& code) {
    QSettings().setValue(QLatin1String(figures::kLanguageKey), code);
    if (code == figures::currentLanguage()) {
        return;
    }
    // Every widget, menu and plot label is built with its words once; rather than keep a
    // second code path that re-sets them all, the choice is stored and applies at the next
    // start, which the user is told in both the current and the chosen language.
    const char* text = QT_TR_NOOP("The language changes to %1 when RoPE Explorer starts again.");
    QString message = tr(text).arg(figures::languageName(code));
    QTranslator chosen;
    if (chosen.load(QStringLiteral(":/i18n/rope-explorer_%1.qm").arg(code))) {
        const QString other = chosen.translate(staticMetaObject.className(), text);
        if (!other.isEmpty()) {
            message += QStringLiteral("\n") + other.arg(figures::languageName(code));
        }
    } else if (code == QLatin1String("en")) {
        message +=
            QStringLiteral("\n") + QString::fromLatin1(text).arg(figures::languageName(code));
    }
    m_window.statusBar()->showMessage(message.section(QLatin1Char('\n'), 0, 0));
    QMessageBox box(QMessageBox::Information, tr("Language"), message, QMessageBox::NoButton,
                    &m_window);
    box.setObjectName(QStringLiteral("language-restart"));
    QPushButton* restart = box.addButton(tr("&Restart now"), QMessageBox::AcceptRole);
    box.addButton(tr("&Later"), QMessageBox::RejectRole);
    box.exec();
    if (box.clickedButton() != restart) {
        return;
    }
    // The same program without a --lang that would override the stored choice; close() saves
    // the window state (and asks about an unsaved session, which may cancel the restart).
    QStringList args = QCoreApplication::arguments().mid(1);
    for (qsizetype k = 0; k < args.size(); ++k) {
        if (args[k] == QLatin1String("--lang") && k + 1 < args.size()) {
            args.remove(k, 2);
            --k;
        } else if (args[k].startsWith(QLatin1String("--lang="))) {
            args.remove(k);
            --k;
        }
    }
    if (m_window.close()) {
        QProcess::startDetached(QCoreApplication::applicationFilePath(), args);
    }
}

void WindowMenus::buildThemeMenu(QMenu* view) {
    view->addSeparator();
    QMenu* menu = view->addMenu(tr("&Theme"));
    menu->setObjectName(QStringLiteral("theme-menu"));
    auto* group = new QActionGroup(menu);
    const std::pair<ThemeChoice, QString> choices[] = {
        {ThemeChoice::System, tr("&System")},
        {ThemeChoice::Light, tr("&Light")},
        {ThemeChoice::Dark, tr("&Dark")},
    };
    ThemeChoice chosen = currentThemeChoice();
    if (m_persistent) {
        // An unknown stored value (a newer version's theme) falls back to System, visibly.
        const QString stored = QSettings().value(kThemeKey, themeChoiceId(chosen)).toString();
        const std::optional<ThemeChoice> known = themeChoiceFromId(stored);
        if (!known) {
            m_window.statusBar()->showMessage(
                tr("Unknown theme '%1' in the settings: using the system's").arg(stored), 10000);
        }
        chosen = known.value_or(ThemeChoice::System);
        if (chosen != currentThemeChoice()) {
            applyThemeChoice(chosen);
        }
    }
    for (const auto& [choice, label] : choices) {
        QAction* action = menu->addAction(label);
        action->setObjectName(QStringLiteral("theme-") + themeChoiceId(choice));
        action->setCheckable(true);
        action->setChecked(choice == chosen);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, choice = choice] { setTheme(choice); });
    }
}

void WindowMenus::setTheme(ThemeChoice choice) {
    applyThemeChoice(choice);
    if (auto* action =
            m_window.findChild<QAction*>(QStringLiteral("theme-") + themeChoiceId(choice))) {
        action->setChecked(true);
    }
    if (m_persistent) {
        QSettings().setValue(kThemeKey, themeChoiceId(choice));
    }
}

void WindowMenus::showShortcuts() {
    auto* dialog = new ShortcutsDialog(&m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void WindowMenus::showAbout() {
    QMessageBox::about(
        &m_window, tr("About RoPE Explorer"),
        tr("<h3>RoPE Explorer %1</h3>"
           "<p>Rotary position embeddings, seen and touched.</p>"
           "<p>Licence: GPL-3.0-or-later. This program comes with ABSOLUTELY NO WARRANTY.</p>"
           "<p>Built with Qt %2 (running %3), QCustomPlot %4, Eigen %5.%6.%7.</p>")
            .arg(QStringLiteral(ROPE_VERSION), QStringLiteral(QT_VERSION_STR),
                 QString::fromLatin1(qVersion()), QStringLiteral(QCUSTOMPLOT_VERSION_STR))
            .arg(EIGEN_WORLD_VERSION)
            .arg(EIGEN_MAJOR_VERSION)
            .arg(EIGEN_MINOR_VERSION));
}

} // namespace rope::ui
