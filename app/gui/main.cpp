// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/explorer_state.h"
#include "ui/main_window.h"

#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QTabWidget>
#include <QThread>
#include <QTimer>


namespace {

// Documentation screenshots must stay ≤ 200 KB. Most are far below as RGB PNGs; a noisy image
// (the phase heatmap) is converted to 8-bit indexed colour by Qt (QImage's own palette
// conversion, no dithering: UI screenshots are dominated by flat colours).
void saveScreenshot(const QImage& grabbed, const QString& path) {
    constexpr qsizetype kMaxBytes = 200 * 1024;
    const QImage rgb = grabbed.convertToFormat(QImage::Format_RGB888);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    rgb.save(&buffer, "PNG", 0); // 0 = strongest zlib
    if (png.size() > kMaxBytes) {
        png.clear();
        buffer.seek(0);
        rgb.convertToFormat(QImage::Format_Indexed8, Qt::AvoidDither).save(&buffer, "PNG", 0);
    }
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(png);
    }
}

} // namespace

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
                saveScreenshot(window.grab().toImage(),
                               shots + QLatin1Char('/') + window.tabs()->widget(k)->objectName() +
                                   QStringLiteral(".png"));
            }
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
