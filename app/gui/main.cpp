// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/explorer_state.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QImage>
#include <QTabWidget>
#include <QThread>
#include <QTimer>

int main(int argc, char* argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoPE Explorer"));
    QApplication::setApplicationName(QStringLiteral("rope-explorer"));
    QApplication::setApplicationVersion(QStringLiteral(ROPE_VERSION));
    // ROPE_EXPLORER_SCREENSHOT=DIR: grab every tab of a fixed-size window into DIR/<id>.png
    // and quit (documentation screenshots; works with QT_QPA_PLATFORM=offscreen).
    const QString shots = qEnvironmentVariable("ROPE_EXPLORER_SCREENSHOT");
    rope::ui::MainWindow window(nullptr, shots.isEmpty());
    window.show();
    if (!shots.isEmpty()) {
        // A showcase state: 32k context with YaRN s = 8 over L0 = 4096.
        rope::RopeParams showcase;
        showcase.context = 32768;
        showcase.scaling.method = "yarn";
        showcase.scaling.factor = 8;
        showcase.scaling.originalContext = 4096;
        window.state().setParams(showcase);
        // ROPE_EXPLORER_SCREENSHOT_SIZE=WxH overrides the default 1100x680 window.
        const QStringList size =
            qEnvironmentVariable("ROPE_EXPLORER_SCREENSHOT_SIZE", QStringLiteral("1100x680"))
                .split(QLatin1Char('x'));
        window.resize(size.value(0).toInt() > 0 ? size.value(0).toInt() : 1100,
                      size.value(1).toInt() > 0 ? size.value(1).toInt() : 680);
        QTimer::singleShot(500, &window, [&window, shots] {
            for (int k = 0; k < window.tabs()->count(); ++k) {
                window.tabs()->setCurrentIndex(k);
                QCoreApplication::processEvents();
                QThread::msleep(300);
                QCoreApplication::processEvents();
                window.grab()
                    .toImage()
                    .convertToFormat(QImage::Format_RGB888)
                    .save(shots + QLatin1Char('/') + window.tabs()->widget(k)->objectName() +
                              QStringLiteral(".png"),
                          "PNG", 0); // quality 0 = strongest zlib level
            }
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
