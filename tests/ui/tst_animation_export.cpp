// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Animation export (issue #14 part 4): the sweep's frame values against their closed forms,
// the GIF decoded by giflib's own reader (DGifSlurp: frame count, screen size, frame delay),
// PNG folders, the ffmpeg path checked by ffprobe (skipped when ffmpeg is not installed), the
// message when it is missing, and a cancelled GUI export leaving no file behind.
#include "figures/animation_sweep.h"
#include "ui/animation_dialog.h"
#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"
#include "ui/render/animation_export.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <gif_lib.h>

#include <cmath>
#include <csignal>
#include <sys/resource.h>

using namespace rope;
using namespace rope::ui;

namespace {

const figures::Figure& figureNamed(const char* id) {
    const figures::Figure* f = figures::findFigure(id);
    Q_ASSERT(f != nullptr);
    return *f;
}

AnimationJob rotationJob(const QString& out, int frames, double fps) {
    AnimationJob job;
    job.figure = &figureNamed("rotation");
    job.sweep = figures::planSweep(*job.figure, job.params, QStringLiteral("m"), 0, 24, frames);
    job.fps = fps;
    job.size = QSize(320, 240);
    job.out = out;
    return job;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Runs \p write with every file this process writes capped at \p bytes (writes past it fail
// with EFBIG, as ENOSPC would on a full disk; SIGXFSZ ignored), as tst_file_faults does.
// \return the AnimationError's message, empty when nothing was thrown.
template <typename F> QString underFileSizeLimit(rlim_t bytes, F&& write) {
    rlimit saved{};
    ::getrlimit(RLIMIT_FSIZE, &saved);
    rlimit small = saved;
    small.rlim_cur = bytes;
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    ::setrlimit(RLIMIT_FSIZE, &small);
    QString message;
    try {
        write();
    } catch (const AnimationError& e) {
        message = QString::fromUtf8(e.what());
    }
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);
    return message;
}

} // namespace

class TestAnimationExport : public QObject {
    Q_OBJECT

private slots:
    void linearIntegerSweep();
    void logarithmicBaseSweep();
    void roundedIntegerSweep();
    void sweepAppliesParametersAndOptions();
    void gifHasEveryFrameAtTheSize();
    void pngFolderHasNumberedFrames();
    void mp4FrameCountByFfprobe();
    void missingFfmpegIsNamed();
    void fullDiskKeepsThePreviousPngFrames();
    void fullDiskKeepsThePreviousGif();
    void fileTargetThatIsAFolderIsRefused();
    void framesOverThePixelBudgetAreRefused();
    void cancelledExportLeavesNoFile();
    void dialogExportsAndCancels();
    void dialogNamesMissingFfmpeg();
};

void TestAnimationExport::linearIntegerSweep() {
    // m from 0 to 12 over 7 frames: steps of 12/6 = 2.
    const figures::AnimationSweep s =
        figures::planSweep(figureNamed("rotation"), {}, QStringLiteral("m"), 0, 12, 7);
    QVERIFY(s.parameter);
    QVERIFY(s.integer);
    for (int k = 0; k < 7; ++k) {
        QCOMPARE(figures::sweepValue(s, k), 2.0 * k);
    }
}

void TestAnimationExport::logarithmicBaseSweep() {
    // base from 10² to 10⁶ over 5 frames: one decade per frame, 10^(2+k).
    const figures::AnimationSweep s =
        figures::planSweep(figureNamed("heatmap"), {}, QStringLiteral("base"), 100, 1e6, 5);
    QVERIFY(s.logarithmic);
    for (int k = 0; k < 5; ++k) {
        const double expected = std::pow(10.0, 2 + k);
        QVERIFY2(std::abs(figures::sweepValue(s, k) - expected) <= 1e-12 * expected,
                 qPrintable(QStringLiteral("frame %1: %2").arg(k).arg(figures::sweepValue(s, k))));
    }
}

void TestAnimationExport::roundedIntegerSweep() {
    // 0 → 10 over 4 frames: 0, 10/3 = 3.33 → 3, 20/3 = 6.67 → 7, 10.
    const figures::AnimationSweep s =
        figures::planSweep(figureNamed("rotation"), {}, QStringLiteral("pair"), 0, 10, 4);
    QVERIFY(!s.parameter);
    QCOMPARE(figures::sweepValue(s, 0), 0.0);
    QCOMPARE(figures::sweepValue(s, 1), 3.0);
    QCOMPARE(figures::sweepValue(s, 2), 7.0);
    QCOMPARE(figures::sweepValue(s, 3), 10.0);
}

void TestAnimationExport::sweepAppliesParametersAndOptions() {
    const figures::Figure& extension = figureNamed("extension");
    const figures::AnimationSweep factor =
        figures::planSweep(extension, {}, QStringLiteral("factor"), 1, 9, 5);
    RopeParams params;
    FigureOptions options;
    figures::applySweep(factor, 2, params, options); // 1 + 8·2/4 = 5
    QCOMPARE(params.scaling.factor, 5.0);
    QVERIFY(options.isEmpty());

    const figures::AnimationSweep angle =
        figures::planSweep(figureNamed("rotation"), {}, QStringLiteral("k-angle-deg"), -90, 90, 3);
    figures::applySweep(angle, 1, params, options);
    QCOMPARE(options.value(QStringLiteral("k-angle-deg")).toInt(), 0);
}

void TestAnimationExport::gifHasEveryFrameAtTheSize() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rotation.gif"));
    // 4 fps = a delay of 100/4 = 25 hundredths of a second per frame.
    const QStringList written = exportAnimation(rotationJob(path, 6, 4));
    QCOMPARE(written, QStringList{path});
    int error = 0;
    GifFileType* gif = DGifOpenFileName(QFile::encodeName(path).constData(), &error);
    QVERIFY2(gif != nullptr, GifErrorString(error));
    QCOMPARE(DGifSlurp(gif), GIF_OK);
    QCOMPARE(gif->ImageCount, 6);
    QCOMPARE(gif->SWidth, 320);
    QCOMPARE(gif->SHeight, 240);
    for (int k = 0; k < gif->ImageCount; ++k) {
        QCOMPARE(gif->SavedImages[k].ImageDesc.Width, 320);
        QCOMPARE(gif->SavedImages[k].ImageDesc.Height, 240);
        GraphicsControlBlock control{};
        QCOMPARE(DGifSavedExtensionToGCB(gif, k, &control), GIF_OK);
        QCOMPARE(control.DelayTime, 25);
    }
    // The top-left pixel is the light theme's white background (255, 255, 255), exactly:
    // giflib's own palette entry for it is 31·8 = 248 in each channel (5 bits per channel).
    const ColorMapObject* map = gif->SavedImages[0].ImageDesc.ColorMap;
    QVERIFY(map != nullptr);
    const GifColorType corner = map->Colors[gif->SavedImages[0].RasterBits[0]];
    QCOMPARE(int(corner.Red), 255);
    QCOMPARE(int(corner.Green), 255);
    QCOMPARE(int(corner.Blue), 255);
    // Frames differ: q turns with m, so the first and last pictures are not the same.
    const std::size_t pixels = 320u * 240u;
    QVERIFY(!std::equal(gif->SavedImages[0].RasterBits, gif->SavedImages[0].RasterBits + pixels,
                        gif->SavedImages[5].RasterBits));
    DGifCloseFile(gif, &error);
    // Nothing but the GIF in the folder (QSaveFile's temporary is gone).
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("rotation.gif")});
}

void TestAnimationExport::pngFolderHasNumberedFrames() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("frames")) + QLatin1Char('/');
    const QStringList written = exportAnimation(rotationJob(out, 4, 10));
    QCOMPARE(written.size(), 4);
    const QStringList files = QDir(out).entryList(QDir::Files | QDir::Dirs | QDir::Hidden |
                                                  QDir::NoDotAndDotDot);
    QCOMPARE(files, (QStringList{QStringLiteral("frame-0001.png"), QStringLiteral("frame-0002.png"),
                                 QStringLiteral("frame-0003.png"),
                                 QStringLiteral("frame-0004.png")}));
    QCOMPARE(QImage(QDir(out).filePath(files.first())).size(), QSize(320, 240));
}

void TestAnimationExport::mp4FrameCountByFfprobe() {
    const QString ffprobe = QStandardPaths::findExecutable(QStringLiteral("ffprobe"));
    if (ffmpegProgram().isEmpty() || ffprobe.isEmpty()) {
        QSKIP("ffmpeg/ffprobe not installed: MP4 export is optional");
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rotation.mp4"));
    QCOMPARE(exportAnimation(rotationJob(path, 7, 5)), QStringList{path});
    QProcess probe;
    probe.start(ffprobe, {QStringLiteral("-v"), QStringLiteral("error"),
                          QStringLiteral("-count_frames"), QStringLiteral("-select_streams"),
                          QStringLiteral("v:0"), QStringLiteral("-show_entries"),
                          QStringLiteral("stream=nb_read_frames,width,height,codec_name"),
                          QStringLiteral("-of"), QStringLiteral("csv=p=0"), path});
    QVERIFY(probe.waitForFinished(60000));
    QCOMPARE(QString::fromLatin1(probe.readAllStandardOutput()).trimmed(),
             QStringLiteral("h264,320,240,7"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("rotation.mp4")});
}

void TestAnimationExport::missingFfmpegIsNamed() {
    QTemporaryDir dir;
    QTemporaryDir emptyPath;
    const QByteArray saved = qgetenv("PATH");
    qputenv("PATH", QFile::encodeName(emptyPath.path()));
    QString message;
    try {
        openAnimationWriter(AnimationFormat::WebM, dir.filePath(QStringLiteral("x.webm")),
                            QSize(64, 64), 10);
    } catch (const AnimationError& e) {
        message = QString::fromUtf8(e.what());
    }
    qputenv("PATH", saved);
    QVERIFY2(message.contains(QStringLiteral("WebM export needs ffmpeg, which is not installed")),
             qPrintable(message));
    QVERIFY(QDir(dir.path()).isEmpty(QDir::Files | QDir::Hidden));
}

void TestAnimationExport::fullDiskKeepsThePreviousPngFrames() {
    // A good export first, then the same folder again with the disk "full" at 256 bytes (a
    // 320×240 PNG frame is several KiB). QImage::save() did not check closing its file, so the
    // export reported success and moved 0-byte frames over the good ones.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("frames")) + QLatin1Char('/');
    QCOMPARE(exportAnimation(rotationJob(out, 3, 10)).size(), 3);
    std::vector<QByteArray> before;
    for (int k = 0; k < 3; ++k) {
        before.push_back(readAll(QDir(out).filePath(animationFrameName(k))));
        QVERIFY(before.back().size() > 256);
    }
    const QString message =
        underFileSizeLimit(256, [&] { exportAnimation(rotationJob(out, 3, 10)); });
    QVERIFY2(message.contains(QStringLiteral("cannot write frame")) &&
                 message.contains(QStringLiteral("frame-0001.png")),
             qPrintable(message));
    for (int k = 0; k < 3; ++k) {
        QCOMPARE(readAll(QDir(out).filePath(animationFrameName(k))), before[std::size_t(k)]);
    }
    // No temporary folder or file left beside the frames.
    QCOMPARE(
        QDir(out).entryList(QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot).size(),
        3);
}

void TestAnimationExport::fullDiskKeepsThePreviousGif() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rotation.gif"));
    QCOMPARE(exportAnimation(rotationJob(path, 3, 10)), QStringList{path});
    const QByteArray before = readAll(path);
    QVERIFY(before.size() > 1024);
    const QString message =
        underFileSizeLimit(1024, [&] { exportAnimation(rotationJob(path, 3, 10)); });
    QVERIFY2(message.contains(QStringLiteral("cannot write '") + path), qPrintable(message));
    QCOMPARE(readAll(path), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("rotation.gif")});
}

void TestAnimationExport::fileTargetThatIsAFolderIsRefused() {
    // X.gif is an existing folder: a GIF target, refused; the folder stays empty (it used to
    // get PNG frames). A path ending in '/' is a PNG folder, whatever its name.
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("x.gif"));
    QVERIFY(QDir().mkpath(folder));
    QCOMPARE(animationFormatForPath(folder), std::optional(AnimationFormat::Gif));
    QCOMPARE(animationFormatForPath(folder + QLatin1Char('/')),
             std::optional(AnimationFormat::PngSequence));
    QCOMPARE(animationFormatForPath(dir.path()), std::optional(AnimationFormat::PngSequence));
    QString message;
    try {
        exportAnimation(rotationJob(folder, 3, 10));
    } catch (const AnimationError& e) {
        message = QString::fromUtf8(e.what());
    }
    QVERIFY2(message.contains(QStringLiteral("it is an existing folder")), qPrintable(message));
    QVERIFY(QDir(folder).isEmpty(QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot));
}

void TestAnimationExport::framesOverThePixelBudgetAreRefused() {
    // The figures' budget, 7680 × 4320 pixels, applies to every frame: one pixel more is refused
    // when the writer opens, before any frame is drawn.
    QTemporaryDir dir;
    QString message;
    try {
        openAnimationWriter(AnimationFormat::Gif, dir.filePath(QStringLiteral("x.gif")),
                            QSize(7681, 4320), 10);
    } catch (const AnimationError& e) {
        message = QString::fromUtf8(e.what());
    }
    QVERIFY2(message.contains(QStringLiteral("7681×4320×1²")), qPrintable(message));
    QVERIFY(QDir(dir.path()).isEmpty(QDir::Files | QDir::Hidden));
}

void TestAnimationExport::cancelledExportLeavesNoFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cancelled.gif"));
    AnimationExporter exporter(rotationJob(path, 40, 10));
    QSignalSpy finished(&exporter, &AnimationExporter::finished);
    connect(&exporter, &AnimationExporter::progress, &exporter, [&exporter](int done) {
        if (done == 2) {
            exporter.cancel();
        }
    });
    exporter.start();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(finished.first().at(0).toStringList().isEmpty());
    QVERIFY(finished.first().at(1).toString().isEmpty());
    QCOMPARE(finished.first().at(2).toBool(), true);
    QVERIFY(QDir(dir.path()).isEmpty(QDir::Files | QDir::Hidden | QDir::Dirs | QDir::NoDotAndDotDot));
}

void TestAnimationExport::dialogExportsAndCancels() {
    ExplorerState state;
    FigurePanel panel(figureNamed("heatmap"), state);
    panel.resize(900, 600);
    AnimationDialog dialog(panel, state.params());
    // The heatmap starts on a base sweep from the current base 10⁴.
    QCOMPARE(dialog.findChild<QComboBox*>(QStringLiteral("key"))->currentText(),
             QStringLiteral("base"));
    QCOMPARE(dialog.findChild<QDoubleSpinBox*>(QStringLiteral("from"))->value(), 10000.0);
    dialog.findChild<QSpinBox*>(QStringLiteral("frames"))->setValue(3);
    dialog.findChild<QSpinBox*>(QStringLiteral("width"))->setValue(200);
    dialog.findChild<QSpinBox*>(QStringLiteral("height"))->setValue(150);
    QTemporaryDir dir;
    QSignalSpy finished(&dialog, &AnimationDialog::exportFinished);
    const QString path = dir.filePath(QStringLiteral("base.gif"));
    dialog.startExport(path);
    QVERIFY(dialog.progressDialog() != nullptr);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().at(0).toStringList(), QStringList{path});
    QVERIFY(QFileInfo(path).size() > 0);

    // Cancel from the progress dialog: no file.
    dialog.findChild<QSpinBox*>(QStringLiteral("frames"))->setValue(200);
    const QString cancelled = dir.filePath(QStringLiteral("cancelled.gif"));
    dialog.startExport(cancelled);
    connect(dialog.exporter(), &AnimationExporter::progress, &dialog, [&dialog](int done) {
        if (done == 1 && dialog.progressDialog() != nullptr) {
            // The user's click: QProgressDialog::cancel() alone does not emit canceled().
            dialog.progressDialog()->findChild<QPushButton*>()->click();
        }
    });
    finished.clear();
    QVERIFY(finished.wait(60000));
    QVERIFY2(finished.first().at(2).toBool(), qPrintable(finished.first().at(1).toString()));
    QVERIFY(!QFileInfo::exists(cancelled));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("base.gif")});
}

void TestAnimationExport::dialogNamesMissingFfmpeg() {
    ExplorerState state;
    FigurePanel panel(figureNamed("rotation"), state);
    AnimationDialog dialog(panel, state.params());
    QTemporaryDir emptyPath;
    const QByteArray saved = qgetenv("PATH");
    qputenv("PATH", QFile::encodeName(emptyPath.path()));
    auto* format = dialog.findChild<QComboBox*>(QStringLiteral("format"));
    format->setCurrentIndex(format->findData(int(AnimationFormat::Mp4)));
    qputenv("PATH", saved);
    auto* problem = dialog.findChild<QLabel*>(QStringLiteral("problem"));
    QVERIFY2(problem->text().contains(QStringLiteral("MP4 export needs ffmpeg")),
             qPrintable(problem->text()));
    QVERIFY(!problem->isHidden());
    QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("export"))->isEnabled());
}

QTEST_MAIN(TestAnimationExport)
#include "tst_animation_export.moc"
