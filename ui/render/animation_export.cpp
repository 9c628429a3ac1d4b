// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/render/animation_export.h"

#include "figures/figure_unless.h"
#include "io/file_access.h"
#include "ui/render/figure_export.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QImageWriter>
#include <QProcess>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <qcustomplot.h>

#include <gif_lib.h>

#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace rope::ui {

namespace {

std::string str(const QString& s) {
    return s.toStdString();
}

// The folder a file goes into must exist and take new files (checked before any frame is
// drawn, so an unwritable target fails at once, not after a minute of rendering).
void requireWritableFolder(const QString& folder, const QString& out) {
    const QFileInfo info(folder.isEmpty() ? QStringLiteral(".") : folder);
    if (!info.isDir()) {
        throw AnimationError("cannot write '" + str(out) + "': folder '" + str(info.filePath()) +
                             "' does not exist");
    }
    if (!info.isWritable()) {
        throw AnimationError("cannot write '" + str(out) + "': folder '" + str(info.filePath()) +
                             "' is not writable");
    }
}

// A file target (.gif, .mp4, .webm) that names an existing folder is refused: renaming a file
// over a folder fails only after every frame is drawn, and writing PNG frames into it instead
// would not be what was asked for.
void requireNotAFolder(const QString& out) {
    if (QFileInfo(out).isDir()) {
        throw AnimationError("cannot write '" + str(out) +
                             "': it is an existing folder (PNG frames go to a path ending in /)");
    }
}

// Replaces \p target by \p source in one step (rename(2) replaces an existing file atomically).
void moveInto(const QString& source, const QString& target) {
    std::error_code ec;
    std::filesystem::rename(source.toStdString(), target.toStdString(), ec);
    if (ec) {
        throw AnimationError("cannot move the finished file to '" + str(target) +
                             "': " + ec.message());
    }
}

// ---- PNG sequence ------------------------------------------------------------------------

class PngSequenceWriter : public AnimationWriter {
public:
    PngSequenceWriter(const QString& out, QSize size) : m_out(QDir::cleanPath(out)), m_size(size) {
        if (!QFileInfo(m_out).exists()) {
            requireWritableFolder(QFileInfo(m_out).absolutePath(), out);
            if (!QDir().mkpath(m_out)) {
                throw AnimationError("cannot create folder '" + str(m_out) + "'");
            }
            m_created = true;
        } else if (!QFileInfo(m_out).isDir()) {
            throw AnimationError("'" + str(m_out) + "' exists and is not a folder");
        }
        requireWritableFolder(m_out, out);
        // Frames go into a hidden folder inside the target and are moved in at the end.
        m_temp = std::make_unique<QTemporaryDir>(QDir(m_out).filePath(QStringLiteral(".frames-XXXXXX")));
        if (!m_temp->isValid()) {
            throw AnimationError("cannot write into '" + str(m_out) + "': " +
                                 str(m_temp->errorString()));
        }
    }
    ~PngSequenceWriter() override {
        m_temp.reset();
        if (m_created && !m_finished) {
            QDir().rmdir(m_out); // only if empty: never removes anything else
        }
    }
    static EncodedFrame encodeAt(QSize size, const QImage& frame, int index) {
        const QImage image = frame.size() == size ? frame : frame.scaled(size);
        // Encoded in memory, then written through writeFileAtomically: QImage::save() does not
        // check closing its file, so on a full disk it reported success for a 0-byte frame,
        // which finish() then moved over the good frame of an earlier export.
        EncodedFrame encoded;
        QBuffer buffer(&encoded.bytes);
        buffer.open(QIODevice::WriteOnly);
        QImageWriter encoder(&buffer, "png");
        if (!encoder.write(image)) {
            throw AnimationError("cannot encode frame " + std::to_string(index + 1) +
                                 " as PNG: " + str(encoder.errorString()));
        }
        return encoded;
    }
    Encoder encoder() const override {
        return [size = m_size](const QImage& frame, int index) {
            return encodeAt(size, frame, index);
        };
    }
    void addEncoded(const EncodedFrame& frame) override {
        const QString name = animationFrameName(m_count);
        const QString error = io::writeFileAtomically(m_temp->filePath(name), frame.bytes);
        if (!error.isEmpty()) {
            throw AnimationError("cannot write frame '" + str(m_temp->filePath(name)) +
                                 "': " + str(error));
        }
        ++m_count;
    }
    QStringList finish() override {
        QStringList written;
        for (int k = 0; k < m_count; ++k) {
            const QString target = QDir(m_out).filePath(animationFrameName(k));
            moveInto(m_temp->filePath(animationFrameName(k)), target);
            written << target;
        }
        m_finished = true;
        return written;
    }

private:
    QString m_out;
    QSize m_size;
    std::unique_ptr<QTemporaryDir> m_temp;
    int m_count = 0;
    bool m_created = false;
    bool m_finished = false;
};

// ---- GIF (giflib) ------------------------------------------------------------------------

class GifWriter : public AnimationWriter {
public:
    GifWriter(const QString& out, QSize size, double fps) : m_file(out), m_size(size) {
        requireNotAFolder(out);
        requireWritableFolder(QFileInfo(out).absolutePath(), out);
        m_file.setDirectWriteFallback(false);
        if (!m_file.open(QIODevice::WriteOnly)) {
            throw AnimationError("cannot write '" + str(out) + "': " + str(m_file.errorString()));
        }
        int error = 0;
        m_gif = EGifOpen(this, &GifWriter::write, &error);
        if (m_gif == nullptr) {
            throw AnimationError("giflib: " + std::string(GifErrorString(error)));
        }
        EGifSetGifVersion(m_gif, true); // GIF89a: frame delays and looping
        // No global colour map: each frame carries its own 256-colour quantisation.
        check(EGifPutScreenDesc(m_gif, size.width(), size.height(), 8, 0, nullptr));
        // NETSCAPE2.0 application extension, sub-block {1, loops lo, loops hi}: 0 loops = forever.
        static const char kNetscape[] = "NETSCAPE2.0";
        static const GifByteType kLoop[] = {1, 0, 0};
        check(EGifPutExtensionLeader(m_gif, APPLICATION_EXT_FUNC_CODE));
        check(EGifPutExtensionBlock(m_gif, 11, kNetscape));
        check(EGifPutExtensionBlock(m_gif, 3, kLoop));
        check(EGifPutExtensionTrailer(m_gif));
        // Delays are hundredths of a second; under 2 most viewers substitute 10.
        m_delay = std::max(2, static_cast<int>(std::lround(100.0 / fps)));
    }
    ~GifWriter() override {
        if (m_gif != nullptr) {
            int error = 0;
            EGifCloseFile(m_gif, &error); // frees it; the bytes go to the discarded QSaveFile
        }
        // m_file is destroyed uncommitted: QSaveFile removes its temporary file.
    }
    static EncodedFrame encodeAt(QSize size, const QImage& frame, int index) {
        const QImage rgb = (frame.size() == size ? frame : frame.scaled(size))
                               .convertToFormat(QImage::Format_RGB888);
        const int w = size.width();
        const int h = size.height();
        const std::size_t pixels = std::size_t(w) * std::size_t(h);
        std::vector<GifByteType> red(pixels), green(pixels), blue(pixels);
        for (int y = 0; y < h; ++y) {
            const uchar* line = rgb.constScanLine(y);
            for (int x = 0; x < w; ++x) {
                const std::size_t at = std::size_t(y) * std::size_t(w) + std::size_t(x);
                red[at] = line[3 * x];
                green[at] = line[3 * x + 1];
                blue[at] = line[3 * x + 2];
            }
        }
        // giflib's median-cut quantiser picks this frame's 256 colours (at most).
        EncodedFrame encoded;
        encoded.bytes.resize(static_cast<qsizetype>(pixels));
        int colours = 256;
        std::array<GifColorType, 256> map{};
        if (GifQuantizeBuffer(unsigned(w), unsigned(h), &colours, red.data(), green.data(),
                              blue.data(), reinterpret_cast<GifByteType*>(encoded.bytes.data()),
                              map.data()) == GIF_ERROR) {
            throw AnimationError("giflib could not quantise frame " + std::to_string(index + 1));
        }
        // giflib sorts the colours into boxes of 5 bits per channel and writes each box's mean
        // in those 5 bits times 8: white (255) becomes 248, a visible grey over the whole
        // background, and every colour is off by up to 7 in each channel. Its choice of boxes
        // is kept; each entry becomes the exact mean of the 8-bit colours giflib put in it, so
        // a box of only white is white again. (Dithering would hide the steps of a smooth
        // colour map, but giflib has none and Qt's error diffusion targets its fixed 6×6×6
        // cube, which speckles near-white backgrounds and every line colour off the cube.)
        std::array<std::array<double, 3>, 256> sum{};
        std::array<double, 256> count{};
        const auto* indices = reinterpret_cast<const GifByteType*>(encoded.bytes.constData());
        for (std::size_t at = 0; at < pixels; ++at) {
            const std::size_t k = indices[at];
            sum[k][0] += red[at];
            sum[k][1] += green[at];
            sum[k][2] += blue[at];
            count[k] += 1.0;
        }
        encoded.palette.resize(3 * 256);
        for (std::size_t k = 0; k < map.size(); ++k) {
            const auto channel = [&](int c, GifByteType quantised) {
                return count[k] > 0 ? char(std::lround(sum[k][std::size_t(c)] / count[k]))
                                    : char(quantised);
            };
            encoded.palette[qsizetype(3 * k)] = channel(0, map[k].Red);
            encoded.palette[qsizetype(3 * k + 1)] = channel(1, map[k].Green);
            encoded.palette[qsizetype(3 * k + 2)] = channel(2, map[k].Blue);
        }
        return encoded;
    }
    Encoder encoder() const override {
        return [size = m_size](const QImage& frame, int index) {
            return encodeAt(size, frame, index);
        };
    }
    void addEncoded(const EncodedFrame& frame) override {
        const int w = m_size.width();
        const int h = m_size.height();
        const std::size_t pixels = std::size_t(w) * std::size_t(h);
        if (frame.bytes.size() != qsizetype(pixels) || frame.palette.size() != 3 * 256) {
            throw AnimationError("frame " + std::to_string(m_count + 1) +
                                 " does not match the GIF's size");
        }
        std::array<GifColorType, 256> map{};
        for (std::size_t k = 0; k < map.size(); ++k) {
            map[k].Red = GifByteType(frame.palette[qsizetype(3 * k)]);
            map[k].Green = GifByteType(frame.palette[qsizetype(3 * k + 1)]);
            map[k].Blue = GifByteType(frame.palette[qsizetype(3 * k + 2)]);
        }
        // giflib reads the line without changing it; its API takes a non-const pointer.
        std::vector<GifByteType> index(frame.bytes.begin(), frame.bytes.end());
        GraphicsControlBlock control{};
        control.DisposalMode = DISPOSE_DO_NOT;
        control.UserInputFlag = false;
        control.DelayTime = m_delay;
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const size_t length = EGifGCBToExtension(&control, extension);
        check(EGifPutExtension(m_gif, GRAPHICS_EXT_FUNC_CODE, int(length), extension));
        // The map must have a power-of-two size: 256 entries, the unused ones black.
        ColorMapObject* colourMap = GifMakeMapObject(256, map.data());
        if (colourMap == nullptr) {
            throw AnimationError("giflib: out of memory");
        }
        const int put = EGifPutImageDesc(m_gif, 0, 0, w, h, false, colourMap);
        GifFreeMapObject(colourMap);
        check(put);
        check(EGifPutLine(m_gif, index.data(), int(pixels)));
        ++m_count;
    }
    QStringList finish() override {
        int error = 0;
        GifFileType* gif = std::exchange(m_gif, nullptr);
        if (EGifCloseFile(gif, &error) == GIF_ERROR) {
            throw AnimationError("giflib: " + std::string(GifErrorString(error)));
        }
        // Flushed and checked before commit(): Qt 6.4's commit() ignores a failed flush of
        // the last buffered bytes and would rename a truncated GIF over the old file.
        errno = 0;
        if (!m_file.flush()) {
            const int saved = errno;
            m_file.cancelWriting();
            throw AnimationError(
                "cannot write '" + str(m_file.fileName()) + "': " +
                (saved != 0 ? std::string(std::strerror(saved)) : str(m_file.errorString())));
        }
        if (!m_file.commit()) {
            throw AnimationError("cannot write '" + str(m_file.fileName()) +
                                 "': " + str(m_file.errorString()));
        }
        return {m_file.fileName()};
    }

private:
    static int write(GifFileType* gif, const GifByteType* bytes, int length) {
        auto* self = static_cast<GifWriter*>(gif->UserData);
        return int(self->m_file.write(reinterpret_cast<const char*>(bytes), length));
    }
    void check(int status) {
        if (status == GIF_ERROR) {
            throw AnimationError(
                "cannot write '" + str(m_file.fileName()) + "': " +
                (m_file.error() != QFileDevice::NoError ? str(m_file.errorString())
                                                         : std::string(GifErrorString(m_gif->Error))));
        }
    }

    QSaveFile m_file;
    QSize m_size;
    GifFileType* m_gif = nullptr;
    int m_delay = 10;
    int m_count = 0;
};

// ---- MP4 / WebM (ffmpeg) -----------------------------------------------------------------

class FfmpegWriter : public AnimationWriter {
public:
    FfmpegWriter(AnimationFormat format, const QString& out, QSize size, double fps)
        : m_out(out), m_size(size) {
        const QString program = ffmpegProgram();
        if (program.isEmpty()) {
            throw AnimationError(animationFormatName(format).toStdString() +
                                 " export needs ffmpeg, which is not installed (not found on "
                                 "PATH): install it (Debian: apt install ffmpeg), or export a "
                                 "GIF or PNG frames instead");
        }
        const QFileInfo info(out);
        requireNotAFolder(out);
        requireWritableFolder(info.absolutePath(), out);
        // ffmpeg writes a hidden file beside the target (MP4 seeks back to write its index),
        // renamed over the target only once ffmpeg has exited successfully.
        m_temp.setFileTemplate(QDir(info.absolutePath())
                                   .filePath(QStringLiteral(".%1-XXXXXX.%2")
                                                 .arg(info.completeBaseName(), info.suffix())));
        if (!m_temp.open()) {
            throw AnimationError("cannot write into '" + str(info.absolutePath()) +
                                 "': " + str(m_temp.errorString()));
        }
        m_temp.close();
        QStringList args{QStringLiteral("-hide_banner"), QStringLiteral("-loglevel"),
                         QStringLiteral("error"), QStringLiteral("-y"),
                         // Input: raw 8-bit RGB frames on stdin.
                         QStringLiteral("-f"), QStringLiteral("rawvideo"),
                         QStringLiteral("-pixel_format"), QStringLiteral("rgb24"),
                         QStringLiteral("-video_size"),
                         QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
                         QStringLiteral("-framerate"), QString::number(fps, 'g', 6),
                         QStringLiteral("-i"), QStringLiteral("pipe:0"),
                         // 4:2:0 chroma needs even sides: pad by one pixel when odd.
                         QStringLiteral("-vf"),
                         QStringLiteral("pad=ceil(iw/2)*2:ceil(ih/2)*2"),
                         QStringLiteral("-pix_fmt"), QStringLiteral("yuv420p")};
        if (format == AnimationFormat::Mp4) {
            // H.264 in 4:2:0 plays everywhere (browsers, slides); faststart puts the index
            // first so a presentation can start before the whole file is read.
            args << QStringLiteral("-c:v") << QStringLiteral("libx264") << QStringLiteral("-crf")
                 << QStringLiteral("20") << QStringLiteral("-movflags")
                 << QStringLiteral("+faststart");
        } else {
            args << QStringLiteral("-c:v") << QStringLiteral("libvpx-vp9") << QStringLiteral("-crf")
                 << QStringLiteral("32") << QStringLiteral("-b:v") << QStringLiteral("0")
                 << QStringLiteral("-deadline") << QStringLiteral("good")
                 << QStringLiteral("-cpu-used") << QStringLiteral("5");
        }
        args << QStringLiteral("-f") << (format == AnimationFormat::Mp4 ? QStringLiteral("mp4")
                                                                        : QStringLiteral("webm"))
             << m_temp.fileName();
        m_process.setProgram(program);
        m_process.setArguments(args);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start();
        if (!m_process.waitForStarted(10000)) {
            throw AnimationError("cannot start '" + str(program) +
                                 "': " + str(m_process.errorString()));
        }
    }
    ~FfmpegWriter() override {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(10000);
        }
        // m_temp (autoRemove) deletes ffmpeg's partial output.
    }
    static EncodedFrame encodeAt(QSize size, const QImage& frame, [[maybe_unused]] int index) {
        const QImage rgb = (frame.size() == size ? frame : frame.scaled(size))
                               .convertToFormat(QImage::Format_RGB888);
        // Scan lines are padded to 4 bytes; ffmpeg's rawvideo expects exactly 3·width per row.
        EncodedFrame encoded;
        encoded.bytes.reserve(3 * size.width() * size.height());
        for (int y = 0; y < size.height(); ++y) {
            encoded.bytes.append(reinterpret_cast<const char*>(rgb.constScanLine(y)),
                                 3 * size.width());
        }
        return encoded;
    }
    Encoder encoder() const override {
        return [size = m_size](const QImage& frame, int index) {
            return encodeAt(size, frame, index);
        };
    }
    void addEncoded(const EncodedFrame& frame) override {
        const QByteArray& bytes = frame.bytes;
        if (m_process.write(bytes) != bytes.size()) {
            throw AnimationError("ffmpeg stopped reading frames: " + ffmpegError());
        }
        // Bound the pipe's buffer to about one frame: wait until ffmpeg has taken it.
        while (m_process.bytesToWrite() > 0) {
            if (!m_process.waitForBytesWritten(60000)) {
                throw AnimationError("ffmpeg stopped reading frames: " + ffmpegError());
            }
        }
    }
    QStringList finish() override {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(600000) || m_process.exitStatus() != QProcess::NormalExit ||
            m_process.exitCode() != 0) {
            throw AnimationError("ffmpeg failed writing '" + str(m_out) + "': " + ffmpegError());
        }
        // QTemporaryFile made it owner-only; a video is an ordinary document (rw-r--r--).
        m_temp.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                              QFileDevice::ReadGroup | QFileDevice::ReadOther);
        moveInto(m_temp.fileName(), m_out);
        m_temp.setAutoRemove(false);
        return {m_out};
    }

private:
    std::string ffmpegError() {
        const QString text = QString::fromLocal8Bit(m_process.readAllStandardError()).trimmed();
        return text.isEmpty() ? str(m_process.errorString()) : str(text);
    }

    QString m_out;
    QSize m_size;
    QTemporaryFile m_temp;
    QProcess m_process;
};

} // namespace

std::optional<AnimationFormat> animationFormatForPath(const QString& out) {
    if (out.endsWith(QLatin1Char('/'))) {
        return AnimationFormat::PngSequence;
    }
    // The extension wins over an existing folder of that name (X.gif/ is refused by the GIF
    // writer, never filled with PNG frames).
    const QString suffix = QFileInfo(out).suffix().toLower();
    if (QFileInfo(out).isDir() && suffix != QLatin1String("gif") &&
        suffix != QLatin1String("mp4") && suffix != QLatin1String("webm")) {
        return AnimationFormat::PngSequence;
    }
    if (suffix == QLatin1String("gif")) {
        return AnimationFormat::Gif;
    }
    if (suffix == QLatin1String("mp4")) {
        return AnimationFormat::Mp4;
    }
    if (suffix == QLatin1String("webm")) {
        return AnimationFormat::WebM;
    }
    return std::nullopt;
}

QString animationFormatName(AnimationFormat format) {
    switch (format) {
    case AnimationFormat::PngSequence:
        return QObject::tr("PNG frames");
    case AnimationFormat::Gif:
        return QStringLiteral("GIF");
    case AnimationFormat::Mp4:
        return QStringLiteral("MP4");
    case AnimationFormat::WebM:
        return QStringLiteral("WebM");
    }
    return {};
}

QString ffmpegProgram() {
    return QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
}

QString animationFrameName(int k) {
    return QStringLiteral("frame-%1.png").arg(k + 1, 4, 10, QLatin1Char('0'));
}

std::unique_ptr<AnimationWriter> openAnimationWriter(AnimationFormat format, const QString& out,
                                                     QSize frameSize, double fps) {
    // Frames are drawn at scale 1: the figures' budget applies to each.
    if (const std::string problem = pixelBudgetProblem(frameSize, 1.0); !problem.empty()) {
        throw AnimationError("cannot write '" + str(out) + "': " + problem);
    }
    switch (format) {
    case AnimationFormat::PngSequence:
        return std::make_unique<PngSequenceWriter>(out, frameSize);
    case AnimationFormat::Gif:
        return std::make_unique<GifWriter>(out, frameSize, fps);
    case AnimationFormat::Mp4:
    case AnimationFormat::WebM:
        return std::make_unique<FfmpegWriter>(format, out, frameSize, fps);
    }
    throw AnimationError("unknown animation format");
}

FigureOptions animationOptions(QCustomPlot& plot, const AnimationJob& job) {
    plot.resize(job.size);
    // Draw frame 0 once so the layout (title height, readout rows) is that of the animation,
    // then measure the axis rectangle the figures compute for.
    drawFigure(plot, animationFrameData(job, withPlotSize(plot, job.options), 0));
    return withPlotSize(plot, job.options);
}

FigureData animationFrameData(const AnimationJob& job, const FigureOptions& sizedOptions, int k) {
    rope::RopeParams params = job.params;
    FigureOptions options = sizedOptions;
    figures::applySweep(job.sweep, k, params, options);
    return figures::figureData(*job.figure, params, options);
}

std::optional<FigureData> animationFrameData(const AnimationJob& job,
                                             const FigureOptions& sizedOptions, int k,
                                             const std::atomic<bool>& stop) {
    rope::RopeParams params = job.params;
    FigureOptions options = sizedOptions;
    figures::applySweep(job.sweep, k, params, options);
    return figures::figureDataUnless(stop, *job.figure, params, options);
}

QImage drawAnimationFrame(QCustomPlot& plot, const FigureData& data, QSize size) {
    drawFigure(plot, data);
    return plot.toPixmap(size.width(), size.height(), 1.0).toImage();
}

QStringList exportAnimation(const AnimationJob& job) {
    const std::optional<AnimationFormat> format = animationFormatForPath(job.out);
    if (!format) {
        throw AnimationError("unknown animation format of '" + str(job.out) +
                             "' (use .gif, .mp4, .webm or a folder ending in /)");
    }
    std::unique_ptr<AnimationWriter> writer = openAnimationWriter(*format, job.out, job.size,
                                                                  job.fps);
    QCustomPlot plot;
    const FigureOptions sized = animationOptions(plot, job);
    for (int k = 0; k < job.sweep.frames; ++k) {
        writer->addFrame(drawAnimationFrame(plot, animationFrameData(job, sized, k), job.size), k);
    }
    return writer->finish();
}

AnimationExporter::AnimationExporter(AnimationJob job, QObject* parent)
    : QObject(parent), m_job(std::move(job)) {}

AnimationExporter::~AnimationExporter() {
    // A frame still being computed stops at its next check; the runner (destroyed first)
    // drops whatever it returns. An encoding still running owns its inputs (the encoder is a
    // copy, never the writer), so the writer can go now.
    m_stop->store(true);
}

void AnimationExporter::start() {
    try {
        const std::optional<AnimationFormat> format = animationFormatForPath(m_job.out);
        if (!format) {
            throw AnimationError("unknown animation format of '" + str(m_job.out) + "'");
        }
        m_writer = openAnimationWriter(*format, m_job.out, m_job.size, m_job.fps);
        m_plot = std::make_unique<QCustomPlot>();
        m_sizedOptions = animationOptions(*m_plot, m_job);
    } catch (const std::exception& e) {
        // Reported after start() returns, like every other outcome.
        QMetaObject::invokeMethod(
            this, [this, why = QString::fromUtf8(e.what())] { fail(why); }, Qt::QueuedConnection);
        return;
    }
    computeFrame();
}

void AnimationExporter::cancel() {
    if (m_done) {
        return;
    }
    m_cancelled = true;
    m_stop->store(true);
    if (!m_runner.isBusy()) {
        endCancelled();
    }
    // else: frameComputed() or frameEncoded() sees m_cancelled and ends there.
}

void AnimationExporter::endCancelled() {
    m_done = true;
    m_writer.reset(); // discards the partial file
    emit finished({}, {}, true);
}

void AnimationExporter::computeFrame() {
    AnimationExporter* self = this;
    m_runner.start([self, job = m_job, options = m_sizedOptions, k = m_next,
                    stop = m_stop](const RunControl&) -> std::function<void()> {
        Frame frame;
        try {
            // nullopt only when cancelled: frameComputed() then ends the export.
            if (std::optional<FigureData> data = animationFrameData(job, options, k, *stop)) {
                frame.data = std::move(*data);
            }
        } catch (const std::exception& e) {
            frame.error = QString::fromUtf8(e.what());
        }
        return [self, frame = std::move(frame)] { self->frameComputed(frame); };
    });
}

void AnimationExporter::frameComputed(const Frame& frame) {
    if (m_cancelled) {
        endCancelled();
        return;
    }
    if (!frame.error.isEmpty()) {
        fail(frame.error);
        return;
    }
    // On the GUI thread only what needs the plot: drawing the data on it and recording the
    // painting. Rasterising and encoding (seconds for a large GIF frame) run on a worker; the
    // writer is not touched meanwhile (the next frame waits for frameEncoded()).
    drawFigure(*m_plot, frame.data);
    FigureSnapshot snapshot =
        snapshotFigure(*m_plot, frame.data, ExportFormat::Png, m_job.size, ExportStyle{});
    AnimationExporter* self = this;
    // Started from the runner's result call, after the frame's task has ended: it starts now.
    m_runner.start([self, snapshot = std::move(snapshot), encoder = m_writer->encoder(),
                    k = m_next](const RunControl&) -> std::function<void()> {
        Encoded encoded;
        try {
            encoded.frame = encoder(rasteriseFigure(snapshot), k);
        } catch (const std::exception& e) {
            encoded.error = QString::fromUtf8(e.what());
        }
        return [self, encoded = std::move(encoded)] { self->frameEncoded(encoded); };
    });
}

void AnimationExporter::frameEncoded(const Encoded& encoded) {
    if (m_cancelled) {
        endCancelled();
        return;
    }
    if (!encoded.error.isEmpty()) {
        fail(encoded.error);
        return;
    }
    try {
        m_writer->addEncoded(encoded.frame);
        ++m_next;
        emit progress(m_next);
        if (m_next < m_job.sweep.frames) {
            computeFrame();
            return;
        }
        const QStringList written = m_writer->finish();
        m_writer.reset();
        m_done = true;
        emit finished(written, {}, false);
    } catch (const std::exception& e) {
        fail(QString::fromUtf8(e.what()));
    }
}

void AnimationExporter::fail(const QString& error) {
    if (m_done) {
        return;
    }
    m_done = true;
    m_writer.reset();
    emit finished({}, error, false);
}

} // namespace rope::ui
