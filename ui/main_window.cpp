// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/main_window.h"

#include "figures/figure_registry.h"
#include "figures/language.h"
#include "figures/layer_points.h"
#include "io/gguf.h"
#include "io/model_config.h"
#include "io/presets.h"
#include "io/session.h"
#include "ui/animation_dialog.h"
#include "ui/app_theme.h"
#include "ui/course_pane.h"
#include "ui/deck_dialog.h"
#include "ui/explorer_state.h"
#include "ui/export_options_dialog.h"
#include "ui/layer_strip.h"
#include "ui/panels/figure_panel.h"
#include "ui/parameter_form.h"
#include "ui/presenter_window.h"
#include "ui/shortcuts_dialog.h"

#include <Eigen/Core>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTranslator>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUrl>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace rope::ui {

namespace {
const QString kRecentKey = QStringLiteral("sessions/recent");

const QString kRecentModelsKey = QStringLiteral("models/recent");
const QString kThemeKey = QStringLiteral("view/theme");
const QString kSessionDirKey = QStringLiteral("sessions/directory");

QString sessionFilter() {
    return QObject::tr("RoPE Explorer sessions (*.%1)").arg(QLatin1String(kSessionSuffix));
}

// Sidebar topics in display order; a group missing here is shown after them under its id.
struct Topic {
    const char* id;
    const char* label;
};
const Topic kTopics[] = {
    {"foundations", QT_TRANSLATE_NOOP("rope::ui::MainWindow", "Foundations")},
    {"long-context", QT_TRANSLATE_NOOP("rope::ui::MainWindow", "Long context")},
    {"engineering", QT_TRANSLATE_NOOP("rope::ui::MainWindow", "Engineering")},
    {"models", QT_TRANSLATE_NOOP("rope::ui::MainWindow", "Models")},
};

// Tree items carry their page index (panels) or -1 (topics).
constexpr int kPageRole = Qt::UserRole;
} // namespace

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

    for (const figures::Figure& figure : figures::allFigures()) {
        auto* panel = new FigurePanel(figure, *m_state, m_pages);
        m_pages->addWidget(panel);
        m_panels.push_back(panel);
        connect(panel, &FigurePanel::failed, this,
                [this](const QString& reason) { statusBar()->showMessage(reason, 8000); });
        connect(panel, &FigurePanel::optionsChanged, this, &MainWindow::markModified);
        connect(panel, &FigurePanel::optionsChanged, this, &MainWindow::sendCourseState);
        panel->refresh();
    }
    m_layerStrip = new LayerStrip(*m_state);
    connect(m_layerStrip, &LayerStrip::layerSelected, this, &MainWindow::showLayerInPanels);
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_layerStrip);
    centralLayout->addWidget(m_pages, 1);
    setCentralWidget(central);

    auto* navigationDock = new QDockWidget(tr("Panels"), this);
    navigationDock->setObjectName(QStringLiteral("navigation-dock"));
    navigationDock->setWidget(buildNavigation());
    addDockWidget(Qt::LeftDockWidgetArea, navigationDock);
    connect(m_pages, &QStackedWidget::currentChanged, this, &MainWindow::selectInNavigation);
    selectInNavigation(m_pages->currentIndex());

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

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open session…"), QKeySequence::Open, this,
                    &MainWindow::openSessionInteractively);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    m_recentMenu->setObjectName(QStringLiteral("recent-menu"));
    rebuildRecentMenu();
    file->addAction(tr("&Save session"), QKeySequence::Save, this,
                    [this] { saveSessionInteractively(false); });
    file->addAction(tr("Save session &as…"), QKeySequence::SaveAs, this,
                    [this] { saveSessionInteractively(true); });
    file->addSeparator();
    file->addAction(tr("&Export current figure…"), QKeySequence(tr("Ctrl+E")), this,
                    &MainWindow::exportCurrent);
    QAction* animate = file->addAction(tr("Export &animation…"), QKeySequence(tr("Ctrl+Shift+E")),
                                       this, [this] {
                                           if (FigurePanel* p = currentPanel()) {
                                               auto* dialog = new AnimationDialog(
                                                   *p, m_state->params(), this);
                                               dialog->setAttribute(Qt::WA_DeleteOnClose);
                                               dialog->show();
                                           }
                                       });
    animate->setObjectName(QStringLiteral("export-animation"));
    QAction* slides = file->addAction(tr("Export &slides (PDF)…"), this, [this] {
        const QString written = exportSlidesInteractively(
            this, m_state->params(),
            [this](const QString& id) {
                FigurePanel* p = panel(id);
                return p != nullptr ? p->persistentOptions() : FigureOptions{};
            },
            currentPanel() != nullptr ? currentPanel()->objectName() : QString());
        if (!written.isEmpty()) {
            statusBar()->showMessage(tr("Wrote %1").arg(written), 5000);
        }
    });
    slides->setObjectName(QStringLiteral("export-slides"));
    QAction* handout = file->addAction(tr("Export &handout (PDF)…"), this, [this] {
        const QString written = exportHandoutInteractively(this);
        if (!written.isEmpty()) {
            statusBar()->showMessage(tr("Wrote %1").arg(written), 5000);
        }
    });
    handout->setObjectName(QStringLiteral("export-handout"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("Copy as &NumPy code"), this, [this] { copyCode(CodeLanguage::NumPy); });
    edit->addAction(tr("Copy as &PyTorch code"), this, [this] { copyCode(CodeLanguage::PyTorch); });
    edit->addAction(tr("&Show code…"), this, &MainWindow::showCode);
    QMenu* model = menuBar()->addMenu(tr("&Model"));
    // Ctrl+O opens a session; the config import moved to Ctrl+Shift+O.
    model->addAction(tr("&Open config.json…"), QKeySequence(tr("Ctrl+Shift+O")), this,
                     &MainWindow::openModelConfig);
    model->addSeparator();
    for (const Preset& preset : allPresets()) {
        QAction* action = model->addAction(preset.displayName, this,
                                           [this, id = preset.id] { applyModel(loadPreset(id), id); });
        action->setToolTip(preset.source);
    }
    model->setToolTipsVisible(true);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(navigationDock->toggleViewAction());
    view->addAction(courseDock->toggleViewAction());
    view->addAction(dock->toggleViewAction());
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
        m_filter->setFocus();
        m_filter->selectAll();
    });
    view->addAction(tr("N&ext panel"), QKeySequence(Qt::CTRL | Qt::Key_PageDown), this,
                    [this] { stepPanel(1); });
    view->addAction(tr("P&revious panel"), QKeySequence(Qt::CTRL | Qt::Key_PageUp), this,
                    [this] { stepPanel(-1); });
    addPresenterAction(*this, view);
    // The lessons take a quarter of the width: on a 1280-px screen or a projector the plot
    // may want it all.
    QAction* lessons = view->addAction(tr("Show &lessons"));
    lessons->setObjectName(QStringLiteral("show-lessons"));
    lessons->setShortcut(QKeySequence(tr("Ctrl+L")));
    lessons->setCheckable(true);
    lessons->setChecked(QSettings().value(QStringLiteral("view/lesson-visible"), true).toBool());
    connect(lessons, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("view/lesson-visible"), on);
        for (FigurePanel* p : m_panels) {
            p->lesson()->setVisible(on);
        }
    });
    view->addSeparator();
    for (int k = 0; k < m_pages->count(); ++k) {
        QAction* go = view->addAction(
            QCoreApplication::translate("Figures", m_panels[std::size_t(k)]->figure().title), this,
            [this, k] { m_pages->setCurrentIndex(k); });
        if (k < 9) {
            go->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(k + 1)));
        }
    }
    buildThemeMenu(view);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* keys = help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this,
                                    &MainWindow::showShortcuts);
    keys->setObjectName(QStringLiteral("keyboard-shortcuts"));
    help->addSeparator();
    help->addAction(tr("&About RoPE Explorer"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

    connect(m_state, &ExplorerState::rejected, this,
            [this](const QString& parameter, const QString& reason) {
                statusBar()->showMessage(tr("Not applied (%1): %2").arg(parameter, reason));
            });
    connect(m_state, &ExplorerState::paramsChanged, this, [this] {
        statusBar()->clearMessage();
        markModified();
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
    setSessionPath(QString());
}

MainWindow::~MainWindow() = default;

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

void MainWindow::exportCurrent() {
    FigurePanel* panel = currentPanel();
    if (panel == nullptr) {
        return;
    }
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("export/directory"), QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export figure"), QDir(dir).filePath(panel->objectName() + QStringLiteral(".png")),
        tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf);;CSV data (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("export/directory"), QFileInfo(path).absolutePath());
    const std::optional<ExportFormat> format = exportFormatForPath(path);
    std::optional<ExportStyle> style = ExportStyle{};
    if (format) { // an unknown extension is reported by exportTo
        style = ExportOptionsDialog::ask(*format, panel->plot()->size(), this);
        if (!style) {
            return;
        }
    }
    try {
        panel->exportTo(path, *style);
        statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
    } catch (const ExportError& e) {
        QMessageBox::warning(this, tr("Export failed"), QString::fromUtf8(e.what()));
    }
}

void MainWindow::openModelConfig() {
    QSettings settings;
    const QString dir =
        settings.value(QStringLiteral("model/directory"), QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a Hugging Face config.json or a GGUF file"), dir,
        tr("Model files (*.json *.gguf);;JSON files (*.json);;GGUF files (*.gguf);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("model/directory"), QFileInfo(path).absolutePath());
    openModelConfigFile(path);
}

bool MainWindow::openModelConfigFile(const QString& path) {
    const ModelConfigResult result = loadModelFile(path);
    // A "(file)" error means nothing was read (unreadable, malformed, too large): applying the
    // defaults would silently replace the user's parameters, so refuse instead.
    if (result.errors.filter(QRegularExpression(QStringLiteral("^\\(file\\):"))).size() > 0) {
        statusBar()->showMessage(
            tr("Model config not opened: %1").arg(result.errors.join(QStringLiteral("; "))), 10000);
        showError(tr("Model config not opened"),
                  tr("Could not import\n%1\n\n%2")
                      .arg(QDir::toNativeSeparators(path), result.errors.join(QLatin1Char('\n'))));
        return false;
    }
    applyModel(result, path);
    addRecentModelConfig(path);
    return true;
}

void MainWindow::applyModel(const ModelConfigResult& result, const QString& source) {
    // The importer's params are always valid; errors name fields that kept their defaults.
    if (!m_state->setParams(withModelParams(m_state->params(), result.params))) {
        return; // rejected: the reason is already in the status bar
    }
    if (FigurePanel* doctor = panel(QStringLiteral("doctor"))) {
        // The doctor reads the model as written (fields the import folds away), so it gets the
        // file or preset id; its panel checks and compares it on its worker.
        doctor->setOptions({{QStringLiteral("model"), source}});
    }
    m_layerStrip->setLayers(result.layers);
    if (FigurePanel* bound = panel(QStringLiteral("base-bound"))) {
        // One point per distinct rotating layer kind with a bounded span: (L = max distance + 1,
        // base, rotary dim), for the panel's "Loaded model's layers" option.
        std::vector<rope::figures::LayerPoint> points;
        for (const rope::LayerRope& l : result.layers) {
            if (!l.rope || l.maxDistance < 0) {
                continue;
            }
            const rope::figures::LayerPoint p{l.maxDistance + 1, l.params.base,
                                              l.params.effectiveRotaryDim()};
            if (std::none_of(points.begin(), points.end(), [&](const auto& q) {
                    return q.context == p.context && q.base == p.base && q.dim == p.dim;
                })) {
                points.push_back(p);
            }
        }
        bound->setOptions(
            {{QStringLiteral("layer-points"), rope::figures::formatLayerPoints(points)}});
    }
    if (FigurePanel* mrope = panel(QStringLiteral("mrope"))) {
        // Follow the model's own M-RoPE; a model without one leaves the panel's choice alone.
        if (result.mropeSection.size() == 3) {
            mrope->setOptions(
                {{QStringLiteral("layout"), result.mropeInterleaved ? QStringLiteral("interleaved")
                                                                   : QStringLiteral("blocks")},
                 {QStringLiteral("section"), QStringLiteral("%1,%2,%3")
                                                 .arg(result.mropeSection[0])
                                                 .arg(result.mropeSection[1])
                                                 .arg(result.mropeSection[2])}});
        }
    }
    if (!m_layerStrip->isMixed()) {
        showLayerInPanels(-1);
    }
    QStringList notes = result.errors + result.warnings;
    const QString name = result.modelName.isEmpty() ? tr("model") : result.modelName;
    if (!result.errors.isEmpty()) {
        showError(tr("Model loaded with errors"),
                  tr("%1: some fields could not be used and kept their defaults:\n\n%2")
                      .arg(name, notes.join(QLatin1Char('\n'))));
    }
    statusBar()->showMessage(notes.isEmpty()
                                 ? tr("Loaded %1").arg(name)
                                 : tr("Loaded %1 (%2)").arg(name, notes.join(QStringLiteral("; "))),
                             10000);
}

void MainWindow::showLayerInPanels(int index) {
    // The extension panel's wavelength view also draws the layers of another RoPE kind
    // (Gemma 3: local b = 10⁴ beside global b = 10⁶ with linear ×8).
    FigurePanel* extension = panel(QStringLiteral("extension"));
    if (extension == nullptr) {
        return;
    }
    const int other = index < 0 ? -1 : m_layerStrip->otherKindLayer(index);
    if (other < 0) {
        extension->setOptions({{QStringLiteral("compare-base"), QVariant()},
                               {QStringLiteral("compare-factor"), QVariant()},
                               {QStringLiteral("compare-rotary-dim"), QVariant()}});
        return;
    }
    const rope::RopeParams& p = m_layerStrip->layers()[static_cast<std::size_t>(other)].params;
    const bool linear = p.scaling.method == "linear";
    extension->setOptions(
        {{QStringLiteral("compare-base"), p.base},
         {QStringLiteral("compare-factor"), linear ? QVariant(p.scaling.factor) : QVariant()},
         {QStringLiteral("compare-rotary-dim"), p.effectiveRotaryDim()}});
    statusBar()->showMessage(m_layerStrip->describe(index), 5000);
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

QWidget* MainWindow::buildNavigation() {
    auto* box = new QWidget;
    m_filter = new QLineEdit(box);
    m_filter->setObjectName(QStringLiteral("navigation-filter"));
    m_filter->setPlaceholderText(tr("Search panels (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Search panels"));
    m_navigation = new QTreeWidget(box);
    m_navigation->setObjectName(QStringLiteral("navigation"));
    m_navigation->setAccessibleName(tr("Panels"));
    m_navigation->setHeaderHidden(true);
    m_navigation->setRootIsDecorated(false);
    m_navigation->setIndentation(12);
    m_navigation->setUniformRowHeights(true);

    std::vector<std::string_view> groups;
    for (const Topic& topic : kTopics) {
        groups.emplace_back(topic.id);
    }
    for (const figures::Figure& f : figures::allFigures()) {
        if (std::find(groups.begin(), groups.end(), f.group) == groups.end()) {
            groups.push_back(f.group);
        }
    }
    for (std::string_view group : groups) {
        QTreeWidgetItem* topic = nullptr;
        for (std::size_t k = 0; k < m_panels.size(); ++k) {
            const figures::Figure& f = m_panels[k]->figure();
            if (f.group != group) {
                continue;
            }
            if (topic == nullptr) {
                const QString id = QString::fromLatin1(group.data(), qsizetype(group.size()));
                QString label = id;
                for (const Topic& t : kTopics) {
                    if (group == t.id) {
                        label = tr(t.label);
                    }
                }
                topic = new QTreeWidgetItem(m_navigation, {label});
                topic->setData(0, kPageRole, -1);
                topic->setData(0, Qt::UserRole + 1, id);
                topic->setFlags(Qt::ItemIsEnabled);
                QFont bold = topic->font(0);
                bold.setBold(true);
                topic->setFont(0, bold);
            }
            auto* item =
                new QTreeWidgetItem(topic, {QCoreApplication::translate("Figures", f.title)});
            item->setData(0, kPageRole, static_cast<int>(k));
            item->setToolTip(0, figures::figureId(f));
        }
    }
    m_navigation->expandAll();
    connect(m_navigation, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item != nullptr && item->data(0, kPageRole).toInt() >= 0) {
            m_pages->setCurrentIndex(item->data(0, kPageRole).toInt());
        }
    });
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::filterNavigation);
    // Enter opens the first panel the search leaves; Escape clears the search.
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        for (QTreeWidgetItemIterator it(m_navigation); *it != nullptr; ++it) {
            if (!(*it)->isHidden() && (*it)->data(0, kPageRole).toInt() >= 0) {
                m_pages->setCurrentIndex((*it)->data(0, kPageRole).toInt());
                m_navigation->setFocus();
                return;
            }
        }
    });
    auto* clear = new QShortcut(QKeySequence(Qt::Key_Escape), m_filter);
    clear->setContext(Qt::WidgetShortcut);
    clear->setWhatsThis(tr("Clear the search"));
    connect(clear, &QShortcut::activated, m_filter, &QLineEdit::clear);

    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_filter);
    layout->addWidget(m_navigation);
    return box;
}

void MainWindow::filterNavigation(const QString& text) {
    const QString needle = text.trimmed();
    for (int t = 0; t < m_navigation->topLevelItemCount(); ++t) {
        QTreeWidgetItem* topic = m_navigation->topLevelItem(t);
        const bool topicMatches =
            topic->text(0).contains(needle, Qt::CaseInsensitive) ||
            topic->data(0, Qt::UserRole + 1).toString().contains(needle, Qt::CaseInsensitive);
        bool any = false;
        for (int k = 0; k < topic->childCount(); ++k) {
            QTreeWidgetItem* item = topic->child(k);
            const bool match = needle.isEmpty() || topicMatches ||
                               item->text(0).contains(needle, Qt::CaseInsensitive) ||
                               item->toolTip(0).contains(needle, Qt::CaseInsensitive);
            item->setHidden(!match);
            any = any || match;
        }
        topic->setHidden(!any);
    }
}

void MainWindow::stepPanel(int delta) {
    std::vector<int> order;
    for (QTreeWidgetItemIterator it(m_navigation); *it != nullptr; ++it) {
        const int page = (*it)->data(0, kPageRole).toInt();
        if (page >= 0 && !(*it)->isHidden()) {
            order.push_back(page);
        }
    }
    if (order.empty()) {
        return;
    }
    const auto here = std::find(order.begin(), order.end(), m_pages->currentIndex());
    const int n = static_cast<int>(order.size());
    const int at =
        here == order.end() ? (delta > 0 ? -1 : 0) : static_cast<int>(here - order.begin());
    m_pages->setCurrentIndex(order[std::size_t(((at + delta) % n + n) % n)]);
}

void MainWindow::selectInNavigation(int pageIndex) {
    for (QTreeWidgetItemIterator it(m_navigation); *it != nullptr; ++it) {
        if ((*it)->data(0, kPageRole).toInt() == pageIndex) {
            if (m_navigation->currentItem() != *it) {
                const QSignalBlocker block(m_navigation);
                m_navigation->setCurrentItem(*it);
            }
            return;
        }
    }
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
    p->restoreOptions(step.revealOptions);
    m_pages->setCurrentWidget(p);
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

Session MainWindow::currentSession() const {
    Session session;
    session.params = m_state->params();
    if (const QWidget* current = m_pages->currentWidget()) {
        session.activePanel = current->objectName();
    }
    for (const FigurePanel* p : m_panels) {
        const FigureOptions options = p->persistentOptions();
        if (!options.isEmpty()) {
            session.panelOptions.insert(p->objectName(), options);
        }
    }
    session.windowGeometry = saveGeometry();
    session.windowState = saveState();
    return session;
}

bool MainWindow::saveSessionTo(const QString& path) {
    QString error;
    if (!saveSession(path, currentSession(), &error)) {
        statusBar()->showMessage(tr("Session not saved: %1").arg(error), 10000);
        showError(tr("Session not saved"), tr("Could not save the session to\n%1\n\n%2")
                                               .arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    setSessionPath(path);
    addRecentSession(path);
    statusBar()->showMessage(tr("Saved session %1").arg(path), 5000);
    return true;
}

bool MainWindow::openSession(const QString& path) {
    const SessionLoadResult result = loadSession(path);
    if (result.fileVersion < 0 ||
        !result.errors.filter(QRegularExpression(QStringLiteral("^\\(file\\):"))).isEmpty()) {
        // Unreadable or not a session at all: nothing is applied.
        const QString reason = result.errors.join(QLatin1Char('\n'));
        statusBar()->showMessage(
            tr("Session not opened: %1").arg(result.errors.join(QStringLiteral("; "))), 10000);
        showError(
            tr("Session not opened"),
            tr("Could not open the session\n%1\n\n%2").arg(QDir::toNativeSeparators(path), reason));
        return false;
    }
    QStringList notes = result.warnings;
    applySession(result.session, notes);
    setSessionPath(path);
    addRecentSession(path);
    if (!result.errors.isEmpty()) {
        showError(tr("Session opened with errors"),
                  tr("%1: these entries could not be used and kept their defaults:\n\n%2")
                      .arg(QFileInfo(path).fileName(), result.errors.join(QLatin1Char('\n'))));
    }
    const QStringList all = result.errors + notes;
    statusBar()->showMessage(
        all.isEmpty() ? tr("Opened session %1").arg(path)
                      : tr("Opened session %1 (%2)").arg(path, all.join(QStringLiteral("; "))),
        10000);
    return true;
}

void MainWindow::applySession(const Session& session, QStringList& notes) {
    m_applyingSession = true;
    // Parameters first: some controls follow them (precision's probe m, heatmap's zoom), and
    // the restored options then win.
    m_state->setParams(session.params);
    if (!session.windowGeometry.isEmpty() && !restoreGeometry(session.windowGeometry)) {
        notes << tr("window.geometry: not restored");
    }
    if (!session.windowState.isEmpty()) {
        m_dockWidthsPending = false; // the session's dock widths win
    }
    if (!session.windowState.isEmpty() && !restoreState(session.windowState)) {
        notes << tr("window.state: not restored");
    }
    for (auto it = session.panelOptions.begin(); it != session.panelOptions.end(); ++it) {
        if (panel(it.key()) == nullptr) {
            notes << tr("panelOptions.%1: no such panel, skipped").arg(it.key());
        }
    }
    for (FigurePanel* p : m_panels) {
        // Unknown keys and bad values are named and left out, never silently kept.
        const figures::OptionCheck check =
            figures::checkOptions(p->objectName(), p->figure().options(),
                                  session.panelOptions.value(p->objectName()).toMap());
        notes << check.problems;
        p->restoreOptions(check.accepted);
    }
    if (!session.activePanel.isEmpty()) {
        if (FigurePanel* active = panel(session.activePanel)) {
            m_pages->setCurrentWidget(active);
        } else {
            notes << tr("activePanel: no panel '%1', skipped").arg(session.activePanel);
        }
    }
    m_applyingSession = false;
}

void MainWindow::setSessionPath(const QString& path) {
    m_sessionPath = path;
    setWindowTitle(path.isEmpty() ? tr("RoPE Explorer[*]")
                                  : tr("%1[*] — RoPE Explorer").arg(QFileInfo(path).fileName()));
    setWindowFilePath(path);
    setWindowModified(false);
}

void MainWindow::markModified() {
    if (!m_applyingSession) {
        setWindowModified(true);
    }
}

QStringList MainWindow::recentSessions() {
    return QSettings().value(kRecentKey).toStringList();
}

void MainWindow::addRecentSession(const QString& path) {
    QStringList recent = recentSessions();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentSessions) {
        recent.removeLast();
    }
    QSettings().setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

QStringList MainWindow::recentModelConfigs() {
    return QSettings().value(kRecentModelsKey).toStringList();
}

void MainWindow::addRecentModelConfig(const QString& path) {
    QStringList recent = recentModelConfigs();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecentSessions) {
        recent.removeLast();
    }
    QSettings().setValue(kRecentModelsKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = recentSessions();
    const QStringList models = recentModelConfigs();
    m_recentMenu->addSection(tr("Sessions"));
    for (int k = 0; k < recent.size(); ++k) {
        const QString& path = recent[k];
        QAction* action = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(k + 1).arg(QFileInfo(path).fileName()), this,
            [this, path] { openSession(path); });
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
            this, [this, path] { openModelConfigFile(path); });
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

void MainWindow::saveSessionInteractively(bool askForPath) {
    QString path = m_sessionPath;
    if (askForPath || path.isEmpty()) {
        QSettings settings;
        const QString dir = settings.value(kSessionDirKey, QDir::homePath()).toString();
        const QString suggested =
            path.isEmpty()
                ? QDir(dir).filePath(QStringLiteral("session.") + QLatin1String(kSessionSuffix))
                : path;
        path = QFileDialog::getSaveFileName(this, tr("Save session"), suggested, sessionFilter());
        if (path.isEmpty()) {
            return;
        }
        if (QFileInfo(path).suffix().isEmpty()) {
            path += QLatin1Char('.') + QLatin1String(kSessionSuffix);
        }
        settings.setValue(kSessionDirKey, QFileInfo(path).absolutePath());
    }
    saveSessionTo(path);
}

void MainWindow::openSessionInteractively() {
    QSettings settings;
    const QString dir = settings.value(kSessionDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), dir,
                                                      sessionFilter() + tr(";;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(kSessionDirKey, QFileInfo(path).absolutePath());
    openSession(path);
}

bool MainWindow::openDroppedFile(const QString& path) {
    const QFileInfo info(path);
    if (fileKindOf(path) == FileKind::Session) {
        return openSession(path);
    }
    if (info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0 ||
        isGgufFile(path)) {
        return openModelConfigFile(path);
    }
    statusBar()->showMessage(tr("Not opened: %1 is neither a session (.%2) nor a model config "
                                "(.json, .gguf)")
                                 .arg(info.fileName(), QLatin1String(kSessionSuffix)),
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

bool MainWindow::copyCode(CodeLanguage language) {
    QString code;
    try {
        code = codeSnippet(language, m_state->params());
    } catch (const rope::InvalidParameter& e) {
        statusBar()->showMessage(tr("No code: %1").arg(QString::fromUtf8(e.what())), 10000);
        return false;
    }
    QGuiApplication::clipboard()->setText(code);
    statusBar()->showMessage(language == CodeLanguage::NumPy
                                 ? tr("Copied NumPy code for the current parameters")
                                 : tr("Copied PyTorch code for the current parameters"),
                             5000);
    return true;
}

void MainWindow::showCode() {
    auto* dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("code-dialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Code for the current parameters"));
    auto* tabs = new QTabWidget(dialog);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (CodeLanguage language : {CodeLanguage::NumPy, CodeLanguage::PyTorch}) {
        auto* text = new QPlainTextEdit(dialog);
        text->setObjectName(codeLanguageId(language));
        text->setReadOnly(true);
        text->setFont(mono);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        try {
            text->setPlainText(codeSnippet(language, m_state->params()));
        } catch (const rope::InvalidParameter& e) {
            text->setPlainText(tr("# No code: %1").arg(QString::fromUtf8(e.what())));
        }
        tabs->addTab(text, language == CodeLanguage::NumPy ? tr("NumPy") : tr("PyTorch"));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QPushButton* copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copy"));
    connect(copy, &QPushButton::clicked, dialog, [this, tabs] {
        auto* text = qobject_cast<QPlainTextEdit*>(tabs->currentWidget());
        QGuiApplication::clipboard()->setText(text->toPlainText());
        statusBar()->showMessage(tr("Copied %1 code").arg(tabs->tabText(tabs->currentIndex())),
                                 5000);
    });
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
    dialog->resize(760, 560);
    dialog->show();
}

void MainWindow::showError(const QString& title, const QString& text) {
    // Window-modal and non-blocking (open(), not exec()): the caller carries on, a test can
    // find and close the box.
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("error-box"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::chooseLanguage(const QString& code) {
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
        const QString other = chosen.translate("rope::ui::MainWindow", text);
        if (!other.isEmpty()) {
            message += QStringLiteral("\n") + other.arg(figures::languageName(code));
        }
    } else if (code == QLatin1String("en")) {
        message += QStringLiteral("\n") + QString::fromLatin1(text).arg(figures::languageName(code));
    }
    statusBar()->showMessage(message.section(QLatin1Char('\n'), 0, 0));
    QMessageBox box(QMessageBox::Information, tr("Language"), message, QMessageBox::NoButton, this);
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
    if (close()) {
        QProcess::startDetached(QCoreApplication::applicationFilePath(), args);
    }
}

void MainWindow::buildThemeMenu(QMenu* view) {
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
            statusBar()->showMessage(
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

void MainWindow::setTheme(ThemeChoice choice) {
    applyThemeChoice(choice);
    if (auto* action = findChild<QAction*>(QStringLiteral("theme-") + themeChoiceId(choice))) {
        action->setChecked(true);
    }
    if (m_persistent) {
        QSettings().setValue(kThemeKey, themeChoiceId(choice));
    }
}

void MainWindow::showShortcuts() {
    auto* dialog = new ShortcutsDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About RoPE Explorer"),
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
