// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/main_window.h"

#include <QApplication>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoPE Explorer"));
    QApplication::setApplicationName(QStringLiteral("rope-explorer"));
    QApplication::setApplicationVersion(QStringLiteral(ROPE_VERSION));
    rope::ui::MainWindow window;
    window.show();
    return QApplication::exec();
}
