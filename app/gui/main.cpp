// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/main_window.h"

#include <QApplication>
#include <QTabWidget>
#include <QThread>
#include <QTimer>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoPE Explorer"));
    QApplication::setApplicationName(QStringLiteral("rope-explorer"));
    QApplication::setApplicationVersion(QStringLiteral(ROPE_VERSION));
    // ROPE_EXPLORER_SCREENSHOT=DIR: grab every tab of a default-sized window into DIR/<id>.png
    // and quit (documentation screenshots; works with QT_QPA_PLATFORM=offscreen).
    const QString shots = qEnvironmentVariable("ROPE_EXPLORER_SCREENSHOT");
    rope::ui::MainWindow window(nullptr, shots.isEmpty());
    window.show();
    if (!shots.isEmpty()) {
        window.resize(1400, 820);
        QTimer::singleShot(500, &window, [&window, shots] {
            for (int k = 0; k < window.tabs()->count(); ++k) {
                window.tabs()->setCurrentIndex(k);
                QCoreApplication::processEvents();
                QThread::msleep(300);
                QCoreApplication::processEvents();
                window.grab().save(shots + QLatin1Char('/') + window.tabs()->widget(k)->objectName() +
                                   QStringLiteral(".png"));
            }
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
