// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_registry.h"
#include "figures/language.h"
#include "ui/app_theme.h"
#include "ui/compute_pool.h"
#include "ui/course_pane.h"
#include "ui/explorer_state.h"
#include "ui/frame_memory.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/presenter_window.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QIcon>
#include <QImage>
#include <QSettings>
#include <QStackedWidget>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <iostream>
#include <utility>
#include <vector>

namespace {

int colourDistance(QRgb a, QRgb b) {
    const int r = qRed(a) - qRed(b);
    const int g = qGreen(a) - qGreen(b);
    const int bl = qBlue(a) - qBlue(b);
    return r * r + g * g + bl * bl;
}

// \p rgb in 256 colours chosen from its own, most frequent first: a screenshot is mostly flat
// colours (backgrounds, text, the cells of a colour map), and the rare ones (anti-aliased edges)
// take the nearest chosen colour. A colour closer than 4 levels per channel to one already
// chosen is skipped while others remain, so near-duplicate edge shades do not use up the
// palette. (Qt's own conversion of an image with more than 256 colours uses a fixed colour
// cube, which shows a diverging colour map in hues it does not have.)
QImage paletteImage(const QImage& rgb) {
    const QImage src = rgb.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, int> counts;
    for (int y = 0; y < src.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(src.constScanLine(y));
        for (int x = 0; x < src.width(); ++x) {
            ++counts[line[x] | 0xff000000u];
        }
    }
    std::vector<std::pair<int, QRgb>> byCount;
    byCount.reserve(static_cast<std::size_t>(counts.size()));
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        byCount.emplace_back(it.value(), it.key());
    }
    std::sort(byCount.begin(), byCount.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    constexpr int kColours = 256;
    constexpr int kMinDistance = 3 * 4 * 4;
    QList<QRgb> palette;
    std::vector<QRgb> skipped;
    for (const auto& [count, colour] : byCount) {
        if (palette.size() == kColours) {
            break;
        }
        const bool near = std::any_of(palette.cbegin(), palette.cend(), [&](QRgb p) {
            return colourDistance(p, colour) < kMinDistance;
        });
        if (near) {
            skipped.push_back(colour);
        } else {
            palette.append(colour);
        }
    }
    for (std::size_t k = 0; k < skipped.size() && palette.size() < kColours; ++k) {
        palette.append(skipped[k]);
    }
    QHash<QRgb, uchar> index;
    for (const auto& [count, colour] : byCount) {
        int best = 0;
        for (int k = 1; k < palette.size(); ++k) {
            if (colourDistance(palette[k], colour) < colourDistance(palette[best], colour)) {
                best = k;
            }
        }
        index.insert(colour, static_cast<uchar>(best));
    }
    QImage out(src.size(), QImage::Format_Indexed8);
    out.setColorTable(palette);
    for (int y = 0; y < src.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(src.constScanLine(y));
        uchar* dst = out.scanLine(y);
        for (int x = 0; x < src.width(); ++x) {
            dst[x] = index.value(line[x] | 0xff000000u);
        }
    }
    return out;
}

// Documentation screenshots must stay ≤ 200 KB. Most are far below as RGB PNGs; a noisy image
// (the phase heatmap) is converted to 8-bit indexed colour by Qt (QImage's own palette
// conversion, no dithering: UI screenshots are dominated by flat colours).
// ROPE_EXPLORER_SCREENSHOT_MAX_KB overrides the limit (0: none), to inspect full-resolution
// shots, e.g. at QT_SCALE_FACTOR=2.
void saveScreenshot(const QImage& grabbed, const QString& path) {
    // ROPE_EXPLORER_SCREENSHOT_MAX_BYTES or ROPE_EXPLORER_SCREENSHOT_MAX_KB overrides the limit
    // (0: none, full size in RGB, e.g. for a palette quantiser run afterwards, as
    // docs/zh_CN/README.md describes; dark and 2x shots need it to stay judgeable).
    qsizetype kMaxBytes = 200 * 1024;
    if (qEnvironmentVariableIsSet("ROPE_EXPLORER_SCREENSHOT_MAX_BYTES")) {
        kMaxBytes = qEnvironmentVariable("ROPE_EXPLORER_SCREENSHOT_MAX_BYTES").toLongLong();
    } else if (qEnvironmentVariableIsSet("ROPE_EXPLORER_SCREENSHOT_MAX_KB")) {
        kMaxBytes = qsizetype(qEnvironmentVariableIntValue("ROPE_EXPLORER_SCREENSHOT_MAX_KB")) * 1024;
    }
    const QImage rgb = grabbed.convertToFormat(QImage::Format_RGB888);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (qEnvironmentVariableIntValue("ROPE_EXPLORER_SCREENSHOT_PALETTE") == 1) {
        // 256 colours of the image's own (about a quarter of the RGB size).
        paletteImage(rgb).save(&buffer, "PNG", 0);
    } else {
        rgb.save(&buffer, "PNG", 0); // 0 = strongest zlib
    }
    // Too large: 256 colours, then smaller images (a busy heatmap stays above the limit at
    // 1280×800 even in 256 colours).
    QImage image = rgb;
    while (kMaxBytes > 0 && png.size() > kMaxBytes && image.width() > 640) {
        png.clear();
        buffer.seek(0);
        image.convertToFormat(QImage::Format_Indexed8, Qt::AvoidDither).save(&buffer, "PNG", 0);
        image = image.scaledToWidth(image.width() * 9 / 10, Qt::SmoothTransformation);
    }
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(png);
    }
}

// The language to start in: the last --lang (or --lang=) if it is one we have, else the one
// stored by View ▸ Language, else the system's. Needs no QCoreApplication (settings are named).
QString startupLanguage(int argc, char* argv[]) {
    QString requested;
    for (int k = 1; k < argc; ++k) {
        const QString arg = QString::fromLocal8Bit(argv[k]);
        if (arg == QLatin1String("--lang") && k + 1 < argc) {
            requested = QString::fromLocal8Bit(argv[k + 1]);
        } else if (arg.startsWith(QLatin1String("--lang="))) {
            requested = arg.mid(7);
        }
    }
    if (rope::figures::availableLanguages().contains(requested)) {
        return requested;
    }
    const QString stored = QSettings(QStringLiteral("RoPE Explorer"), QStringLiteral("rope-explorer"))
                               .value(QLatin1String(rope::figures::kLanguageKey))
                               .toString();
    return rope::figures::availableLanguages().contains(stored) ? stored
                                                                 : rope::figures::systemLanguage();
}

} // namespace

int main(int argc, char* argv[]) {
    rope::ui::keepFrameBuffersMapped(); // before the first window buffer is allocated
    // Language: --lang, else the one chosen in View ▸ Language, else the system's (Chinese for
    // any zh locale). Looked up before the application exists, as font fallback is settled when
    // it starts; installed before the parser and the window are built, whose words are set once.
    // An unknown --lang is reported (exit 2) once the parser has run.
    const QString language = startupLanguage(argc, argv);
    rope::figures::prepareFontsFor(language);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoPE Explorer"));
    QApplication::setApplicationName(QStringLiteral("rope-explorer"));
    QApplication::setApplicationVersion(QStringLiteral(ROPE_VERSION));
    rope::ui::lowerComputePool(); // computations yield to painting (ui/compute_pool.h)
    rope::figures::installLanguage(language);
    // ROPE_APP_ID (set by packaging/packaging.cmake) names the installed .desktop file and icon:
    // Wayland compositors match the window to its menu entry by this name, and on X11 the
    // window icon comes from the hicolor theme the package installs it into.
    QApplication::setDesktopFileName(QStringLiteral(ROPE_APP_ID));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral(ROPE_APP_ID)));

    // Options are listed in rope-explorer(1) (packaging/man/rope-explorer.1.in); a test checks
    // that every one printed here appears there.
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "rope-explorer", "See and touch rotary position embeddings (RoPE)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption langOption(
        QStringLiteral("lang"),
        QCoreApplication::translate("rope-explorer",
                                    "Show the program in LANG (en, zh_CN) instead of the language "
                                    "chosen under View > Language (default: the system's)."),
        QStringLiteral("LANG"));
    parser.addOption(langOption);
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QCoreApplication::translate("rope-explorer",
                                    "A session (.ropex) or a Hugging Face config.json to open."),
        QStringLiteral("[file]"));
    if (!parser.parse(QCoreApplication::arguments())) {
        std::cerr << "rope-explorer: " << parser.errorText().toStdString() << '\n';
        return 2;
    }
    // Errors are ours to report (exit status 2, like rope-cli); process() then only handles
    // --help, --help-all (adds Qt's own options) and --version, each of which exits.
    parser.process(QCoreApplication::arguments());
    if (parser.positionalArguments().size() > 1) {
        std::cerr << "rope-explorer: expected at most one file, got "
                  << parser.positionalArguments().size() << '\n';
        return 2;
    }
    if (parser.isSet(langOption) &&
        !rope::figures::availableLanguages().contains(parser.value(langOption))) {
        std::cerr << "rope-explorer: "
                  << rope::figures::unknownLanguageMessage(parser.value(langOption)).toStdString()
                  << '\n';
        return 2;
    }
    // ROPE_EXPLORER_SCREENSHOT=DIR: grab every tab of a fixed-size window into DIR/<id>.png
    // and quit (documentation screenshots; works with QT_QPA_PLATFORM=offscreen).
    const QString shots = qEnvironmentVariable("ROPE_EXPLORER_SCREENSHOT");
    // ROPE_EXPLORER_SCREENSHOT_THEME=light|dark|system: the theme of the screenshots.
    if (const auto theme =
            rope::ui::themeChoiceFromId(qEnvironmentVariable("ROPE_EXPLORER_SCREENSHOT_THEME"));
        !shots.isEmpty() && theme) {
        rope::ui::applyThemeChoice(*theme);
    }
    rope::ui::MainWindow window(nullptr, shots.isEmpty());
    window.show();
    if (!parser.positionalArguments().isEmpty()) {
        // Same path as a drop: a refused or unreadable file is reported in the window.
        window.openDroppedFile(parser.positionalArguments().first());
    }
    if (!shots.isEmpty()) {
        // A showcase state: 32k context with YaRN s = 8 over L0 = 4096, unless a file was
        // given (a model's screenshots show that model).
        if (parser.positionalArguments().isEmpty()) {
            rope::RopeParams showcase;
            showcase.context = 32768;
            showcase.scaling.method = rope::ScalingKind::Yarn;
            showcase.scaling.factor = 8;
            showcase.scaling.originalContext = 4096;
            window.state().setParams(showcase);
        }
        // ROPE_EXPLORER_SCREENSHOT_SIZE=WxH overrides the default 1100x680 window.
        const QStringList size =
            qEnvironmentVariable("ROPE_EXPLORER_SCREENSHOT_SIZE", QStringLiteral("1100x680"))
                .split(QLatin1Char('x'));
        window.resize(size.value(0).toInt() > 0 ? size.value(0).toInt() : 1100,
                      size.value(1).toInt() > 0 ? size.value(1).toInt() : 680);
        window.resetDockWidths();
        QTimer::singleShot(500, &window, [&window, shots] {
            for (int k = 0; k < window.pages()->count(); ++k) {
                window.pages()->setCurrentIndex(k);
                QCoreApplication::processEvents();
                QThread::msleep(300);
                QCoreApplication::processEvents();
                // Slow figures (b* searches) finish before the shot, at most 2 min per panel.
                if (auto* panel = qobject_cast<rope::ui::FigurePanel*>(window.pages()->widget(k))) {
                    QElapsedTimer waited;
                    waited.start();
                    while (panel->busy() && waited.elapsed() < 120000) {
                        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
                        QThread::msleep(20);
                    }
                    QCoreApplication::processEvents();
                }
                saveScreenshot(window.grab().toImage(),
                               shots + QLatin1Char('/') + window.pages()->widget(k)->objectName() +
                                   QStringLiteral(".png"));
            }
            // With ROPE_EXPLORER_SCREENSHOT_COURSE=1 also the course pane on the heatmap question
            // (the first slow pair), answered: docs/screenshots/course.png. The step is found by
            // its id, so reordering the course never photographs a wrong answer to another step.
            rope::ui::CoursePane* course = window.course();
            const auto showHeatmapStep = [course] {
                for (int k = 0;; ++k) {
                    course->setCurrentIndex(k);
                    if (course->currentStep().id == QStringLiteral("heatmap-first-slow-pair") ||
                        course->currentIndex() != k) {
                        return; // found, or past the last step (setCurrentIndex clamps)
                    }
                }
            };
            if (course != nullptr &&
                qEnvironmentVariableIntValue("ROPE_EXPLORER_SCREENSHOT_COURSE")) {
                if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("course-dock"))) {
                    dock->raise();
                }
                showHeatmapStep();
                course->checkAnswer(QStringLiteral("46"));
                QCoreApplication::processEvents();
                QThread::msleep(300);
                QCoreApplication::processEvents();
                saveScreenshot(window.grab().toImage(), shots + QStringLiteral("/course.png"));
            }
            // With ROPE_EXPLORER_SCREENSHOT_PRESENTER=1 also presenter mode at the window's size
            // (…_SIZE=1920x1080 for a projector) on the heatmap course step and on the
            // lesson of the panel that compares methods side by side (the registry row taking
            // a layer of another RoPE kind, layerOptions: the context-extension methods):
            // presenter.png, presenter-lesson.png.
            if (qEnvironmentVariableIntValue("ROPE_EXPLORER_SCREENSHOT_PRESENTER")) {
                const auto waitFor = [](rope::ui::PresenterWindow* p) {
                    QElapsedTimer waited;
                    waited.start();
                    do {
                        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
                        QThread::msleep(50);
                    } while ((p->busy() || waited.elapsed() < 600) && waited.elapsed() < 120000);
                    QCoreApplication::processEvents();
                };
                if (course != nullptr) {
                    showHeatmapStep();
                }
                rope::ui::PresenterWindow* presenter =
                    rope::ui::openPresenter(window, window.size());
                waitFor(presenter);
                saveScreenshot(presenter->grab().toImage(), shots + QStringLiteral("/presenter.png"));
                const std::vector<rope::figures::Figure>& figures = rope::figures::allFigures();
                const auto comparing =
                    std::find_if(figures.begin(), figures.end(),
                                 [](const auto& f) { return f.layerOptions != nullptr; });
                if (comparing != figures.end() &&
                    window.showPanel(rope::figures::figureId(*comparing))) {
                    waitFor(presenter);
                    saveScreenshot(presenter->grab().toImage(),
                                   shots + QStringLiteral("/presenter-lesson.png"));
                }
                presenter->close();
            }
            QApplication::quit();
        });
    }
    return QApplication::exec();
}
