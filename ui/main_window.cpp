// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/main_window.h"

#include "figures/figure_registry.h"
#include "io/gguf.h"
#include "io/session.h"
#include "ui/course_pane.h"
#include "ui/explorer_state.h"
#include "ui/layer_strip.h"
#include "ui/model_loader.h"
#include "ui/panel_navigation.h"
#include "ui/panels/figure_panel.h"
#include "ui/parameter_form.h"
#include "ui/session_files.h"
#include "ui/window_menus.h"

#include <QAbstractButton>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUrl>
#include <QVBoxLayout>

namespace rope::ui {

MainWindow::MainWindow(QWidget* parent, bool persistent)
    : QMainWindow(parent), m_state(new ExplorerState(this)), m_pages(new QStackedWidget(this)),
      m_persistent(persistent) {
    setAcceptDrops(true);
    m_form = new ParameterForm(*m_state, persistent);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    scroll->setAccessibleName(tr("Parameters"));
    auto* dock = new QDockWidget(tr("Parameters"), this);
    dock->setObjectName(QStringLiteral("parameters-dock"));
    dock->setWidget(scroll);

    m_sessions = new SessionFiles(*this);
    for (const figures::Figure& figure : figures::allFigures()) {
        auto* panel = new FigurePanel(figure, *m_state, m_pages);
        m_pages->addWidget(panel);
        m_panels.push_back(panel);
        connect(panel, &FigurePanel::failed, this,
                [this](const QString& reason) { statusBar()->showMessage(reason, 8000); });
        connect(panel, &FigurePanel::optionsChanged, m_sessions, &SessionFiles::markModified);
        connect(panel, &FigurePanel::optionsChanged, this, &MainWindow::sendCourseState);
        connect(panel, &FigurePanel::exportFinished, this, [this](const ExportOutcome& outcome) {
            if (outcome.cancelled) {
                statusBar()->showMessage(tr("Export cancelled: %1 not written").arg(outcome.path),
                                         5000);
            } else if (outcome.error.isEmpty()) {
                statusBar()->showMessage(tr("Wrote %1").arg(outcome.path), 5000);
            }
        });
        panel->refresh();
    }
    m_layerStrip = new LayerStrip(*m_state);
    m_models = new ModelLoader(*this, *m_sessions);
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_layerStrip);
    centralLayout->addWidget(m_pages, 1);
    setCentralWidget(central);

    auto* navigationDock = new QDockWidget(tr("Panels"), this);
    navigationDock->setObjectName(QStringLiteral("navigation-dock"));
    m_navigation = new PanelNavigation(m_panels, *m_pages);
    navigationDock->setWidget(m_navigation);
    addDockWidget(Qt::LeftDockWidgetArea, navigationDock);

    auto* courseDock = new QDockWidget(tr("Course"), this);
    courseDock->setObjectName(QStringLiteral("course-dock"));
    try {
        m_course = new CoursePane(figures::builtinCourse(), persistent, courseDock);
        connect(m_course, &CoursePane::openStep, this, &MainWindow::openCourseStep);
        connect(m_course, &CoursePane::revealStep, this, &MainWindow::revealCourseStep);
        courseDock->setWidget(m_course);
    } catch (const figures::CourseError& e) {
        // A defect of the shipped file (tst_course guards it): say so instead of hiding it.
        auto* reason = new QLabel(
            tr("The course could not be loaded:\n%1").arg(QString::fromUtf8(e.what())), courseDock);
        reason->setWordWrap(true);
        courseDock->setWidget(reason);
    }
    // One left column: the panel list on top, the parameters below with the course as a tab
    // beside them, so the plot keeps the rest of the width.
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    splitDockWidget(navigationDock, dock, Qt::Vertical);
    tabifyDockWidget(dock, courseDock);
    dock->raise();

    m_menus = new WindowMenus(*this, *m_sessions, *m_models, *m_navigation, navigationDock,
                              courseDock, dock, persistent);

    connect(m_state, &ExplorerState::rejected, this,
            [this](const QString& parameter, const QString& reason) {
                statusBar()->showMessage(tr("Not applied (%1): %2").arg(parameter, reason));
            });
    connect(m_state, &ExplorerState::paramsChanged, this, [this] {
        statusBar()->clearMessage();
        m_sessions->markModified();
        sendCourseState();
    });
    statusBar()->showMessage(tr("Ready"), 3000);

    const QScreen* screen = QGuiApplication::primaryScreen();
    resize(initialSize(screen != nullptr ? screen->availableGeometry().size() : QSize(1280, 800)));
    m_navigationDock = navigationDock;
    m_parametersDock = dock;
    if (m_persistent) {
        QSettings settings;
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        m_dockWidthsPending =
            !restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
        showPanel(settings.value(QStringLiteral("window/panel")).toString());
    }
    m_sessions->setPath(QString());
}

MainWindow::~MainWindow() {
    // An export still encoding on a worker finishes writing its file before the application
    // (and the fonts its painting needs) goes away.
    waitForFigureExports();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_persistent) {
        QSettings settings;
        settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("window/state"), saveState());
        if (const FigurePanel* current = currentPanel()) {
            settings.setValue(QStringLiteral("window/panel"), current->objectName());
        }
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (m_dockWidthsPending) {
        resetDockWidths();
    }
}

void MainWindow::resetDockWidths() {
    m_dockWidthsPending = false;
    // One narrow column: the plot gets the rest of the width (at 1280 px, about 80 %). The
    // panel list gets the height of its entries, the parameters the rest.
    resizeDocks({m_navigationDock}, {290}, Qt::Horizontal);
    resizeDocks({m_navigationDock, m_parametersDock}, {300, std::max(height() - 300, 200)},
                Qt::Vertical);
}

FigurePanel* MainWindow::panel(const QString& id) const {
    for (FigurePanel* p : m_panels) {
        if (p->objectName() == id) {
            return p;
        }
    }
    return nullptr;
}

FigurePanel* MainWindow::currentPanel() const {
    return qobject_cast<FigurePanel*>(m_pages->currentWidget());
}

bool MainWindow::showPanel(const QString& id) {
    FigurePanel* p = panel(id);
    if (p == nullptr) {
        return false;
    }
    m_pages->setCurrentWidget(p);
    return true;
}

QSize MainWindow::initialSize(const QSize& available) {
    const QSize minimum(std::min(1280, available.width()), std::min(800, available.height()));
    return (available * 0.85).expandedTo(minimum);
}

void MainWindow::openCourseStep(const figures::CourseStep& step) {
    FigurePanel* p = panel(step.panel);
    if (p == nullptr) {
        statusBar()->showMessage(tr("Course step %1: no panel '%2'").arg(step.id, step.panel),
                                 10000);
        return;
    }
    // Parameters first: some controls follow them, and the step's options then win.
    if (!m_state->setParams(step.params)) {
        return; // rejected: the reason is already in the status bar
    }
    p->restoreOptions(step.options);
    m_pages->setCurrentWidget(p);
    sendCourseState();
}

void MainWindow::revealCourseStep(const figures::CourseStep& step) {
    FigurePanel* p = panel(step.panel);
    if (p == nullptr || !step.revealParams) {
        return;
    }
    if (!m_state->setParams(*step.revealParams)) {
        return; // rejected: the reason is already in the status bar
    }
    // A reveal that trains (the training lab's "run") presses the panel's Train button: the lab
    // turns "run" set any other way off again, so that only an explicit request starts training
    // (ui/panels/special_controls.cpp), and committing a prediction is one.
    figures::FigureOptions options = step.revealOptions;
    const bool train = options.take(QStringLiteral("run")).toBool();
    auto* button =
        train ? p->findChild<QAbstractButton*>(step.panel + QStringLiteral("-train")) : nullptr;
    p->restoreOptions(button != nullptr ? options : step.revealOptions);
    m_pages->setCurrentWidget(p);
    if (button != nullptr && button->isEnabled()) {
        button->click();
    }
}

void MainWindow::sendCourseState() {
    if (m_course == nullptr || m_course->currentStep().kind != figures::CourseKind::Find) {
        return;
    }
    const FigurePanel* shown = currentPanel();
    if (shown == nullptr || shown->objectName() != m_course->currentStep().panel) {
        return; // the step reads its own panel only
    }
    m_course->setPanelState(figures::courseState(m_state->params(), shown->options()));
}

bool MainWindow::openDroppedFile(const QString& path) {
    const QFileInfo info(path);
    if (io::fileKindOf(path) == io::FileKind::Session) {
        return openSession(path);
    }
    if (info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0 ||
        io::isGgufFile(path)) {
        return openModelConfigFile(path);
    }
    statusBar()->showMessage(tr("Not opened: %1 is neither a session (.%2) nor a model config "
                                "(.json, .gguf)")
                                 .arg(info.fileName(), QLatin1String(io::kSessionSuffix)),
                             10000);
    return false;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    // Accept any local file: an unsuitable one is refused on drop with the reason shown.
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile()) {
        statusBar()->showMessage(tr("Not opened: only local files can be dropped"), 10000);
        return;
    }
    event->acceptProposedAction();
    if (urls.size() > 1) {
        statusBar()->showMessage(tr("Opening only the first of %1 dropped files").arg(urls.size()),
                                 5000);
    }
    openDroppedFile(urls.first().toLocalFile());
}

void MainWindow::showError(const QString& title, const QString& text) {
    // Window-modal and non-blocking (open(), not exec()): the caller carries on, a test can
    // find and close the box.
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("error-box"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::restoreLayout(const QByteArray& geometry, const QByteArray& state,
                               QStringList& notes) {
    if (!geometry.isEmpty() && !restoreGeometry(geometry)) {
        notes << tr("window.geometry: not restored");
    }
    if (!state.isEmpty()) {
        m_dockWidthsPending = false; // the session's dock widths win
    }
    if (!state.isEmpty() && !restoreState(state)) {
        notes << tr("window.state: not restored");
    }
}

QLineEdit* MainWindow::navigationFilter() const {
    return m_navigation->filter();
}

QTreeWidget* MainWindow::navigation() const {
    return m_navigation->tree();
}

void MainWindow::filterNavigation(const QString& text) {
    m_navigation->filterPanels(text);
}

void MainWindow::stepPanel(int delta) {
    m_navigation->stepPanel(delta);
}

io::Session MainWindow::currentSession() const {
    return m_sessions->currentSession();
}

bool MainWindow::saveSessionTo(const QString& path) {
    return m_sessions->saveTo(path);
}

bool MainWindow::openSession(const QString& path) {
    return m_sessions->open(path);
}

const QString& MainWindow::sessionPath() const {
    return m_sessions->path();
}

QStringList MainWindow::recentSessions() {
    return SessionFiles::recentSessions();
}

QStringList MainWindow::recentModelConfigs() {
    return SessionFiles::recentModelConfigs();
}

bool MainWindow::openModelConfigFile(const QString& path) {
    return m_models->openFile(path);
}

bool MainWindow::copyCode(io::CodeLanguage language) {
    return m_menus->copyCode(language);
}

void MainWindow::showCode() {
    m_menus->showCode();
}

void MainWindow::setTheme(ThemeChoice choice) {
    m_menus->setTheme(choice);
}

void MainWindow::showShortcuts() {
    m_menus->showShortcuts();
}

} // namespace rope::ui
