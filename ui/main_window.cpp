// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/main_window.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>

namespace rope::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("RoPE Explorer"));
    auto* tabs = new QTabWidget(this);
    auto* welcome = new QLabel(tr("RoPE Explorer — rotary position embeddings, seen and touched."));
    welcome->setAlignment(Qt::AlignCenter);
    tabs->addTab(welcome, tr("Welcome"));
    setCentralWidget(tabs);
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    statusBar()->showMessage(tr("Ready"));
    resize(1280, 800);
}

} // namespace rope::ui
