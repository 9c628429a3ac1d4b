// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/main_window.h"

#include "ui/explorer_state.h"
#include "ui/figures/figure_registry.h"
#include "ui/model/model_config.h"
#include "ui/model/presets.h"
#include "ui/panels/figure_panel.h"
#include "ui/parameter_form.h"

#include <Eigen/Core>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <qcustomplot.h>

namespace rope::ui {

MainWindow::MainWindow(QWidget* parent, bool persistent)
    : QMainWindow(parent), m_state(new ExplorerState(this)), m_tabs(new QTabWidget(this)),
      m_persistent(persistent) {
    setWindowTitle(tr("RoPE Explorer"));
    m_form = new ParameterForm(*m_state, persistent);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_form);
    scroll->setWidgetResizable(true);
    auto* dock = new QDockWidget(tr("Parameters"), this);
    dock->setObjectName(QStringLiteral("parameters-dock"));
    dock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    for (const Figure& figure : allFigures()) {
        auto* panel = new FigurePanel(figure, *m_state, m_tabs);
        m_tabs->addTab(panel, QString::fromUtf8(figure.title));
        m_panels.push_back(panel);
        connect(panel, &FigurePanel::failed, this,
                [this](const QString& reason) { statusBar()->showMessage(reason, 8000); });
        panel->refresh();
    }
    setCentralWidget(m_tabs);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Export current figure…"), QKeySequence(tr("Ctrl+E")), this,
                    &MainWindow::exportCurrent);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu* model = menuBar()->addMenu(tr("&Model"));
    model->addAction(tr("&Open config.json…"), QKeySequence::Open, this,
                     &MainWindow::openModelConfig);
    model->addSeparator();
    for (const Preset& preset : allPresets()) {
        QAction* action = model->addAction(preset.displayName, this,
                                           [this, id = preset.id] { applyModel(loadPreset(id)); });
        action->setToolTip(preset.source);
    }
    model->setToolTipsVisible(true);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(dock->toggleViewAction());
    view->addSeparator();
    for (int k = 0; k < m_tabs->count(); ++k) {
        QAction* go =
            view->addAction(m_tabs->tabText(k), this, [this, k] { m_tabs->setCurrentIndex(k); });
        if (k < 9) {
            go->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(k + 1)));
        }
    }
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About RoPE Explorer"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

    connect(m_state, &ExplorerState::rejected, this,
            [this](const QString& parameter, const QString& reason) {
                statusBar()->showMessage(tr("Not applied (%1): %2").arg(parameter, reason));
            });
    connect(m_state, &ExplorerState::paramsChanged, this, [this] { statusBar()->clearMessage(); });
    statusBar()->showMessage(tr("Ready"), 3000);

    resize(1280, 800);
    if (m_persistent) {
        QSettings settings;
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
        m_tabs->setCurrentIndex(settings.value(QStringLiteral("window/tab"), 0).toInt());
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_persistent) {
        QSettings settings;
        settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
        settings.setValue(QStringLiteral("window/state"), saveState());
        settings.setValue(QStringLiteral("window/tab"), m_tabs->currentIndex());
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::exportCurrent() {
    auto* panel = qobject_cast<FigurePanel*>(m_tabs->currentWidget());
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
    try {
        panel->exportTo(path, settings.value(QStringLiteral("export/dpi"), 150).toInt());
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
        this, tr("Open a Hugging Face config.json"), dir, tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("model/directory"), QFileInfo(path).absolutePath());
    applyModel(loadModelConfig(path));
}

void MainWindow::applyModel(const ModelConfigResult& result) {
    // The importer's params are always valid; errors name fields that kept their defaults.
    if (!m_state->setParams(withModelParams(m_state->params(), result.params))) {
        return; // rejected: the reason is already in the status bar
    }
    QStringList notes = result.errors + result.warnings;
    const QString name = result.modelName.isEmpty() ? tr("model") : result.modelName;
    if (!result.errors.isEmpty()) {
        QMessageBox::warning(this, tr("Model loaded with errors"),
                             tr("%1: some fields could not be used and kept their defaults:\n\n%2")
                                 .arg(name, notes.join(QLatin1Char('\n'))));
    }
    statusBar()->showMessage(notes.isEmpty()
                                 ? tr("Loaded %1").arg(name)
                                 : tr("Loaded %1 (%2)").arg(name, notes.join(QStringLiteral("; "))),
                             10000);
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
