// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/animation_sweep.h"
#include "ui/job_runner.h"
#include "ui/render/draw_figure.h"

#include <QImage>
#include <QObject>
#include <QSize>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

class QCustomPlot;

/// \file animation_export.h
/// A sweep of one numeric option or parameter (figures/animation_sweep.h) as an animation, in
/// the shape of matplotlib's animation module (lib/matplotlib/animation.py): every frame is
/// drawn by the one renderer (drawFigure) and handed to a writer — a PNG sequence, an animated
/// GIF encoded by giflib, or an ffmpeg process reading raw RGB frames on its stdin (as
/// matplotlib's FFMpegWriter does) for MP4 and WebM. Nothing half-written is left behind: the
/// GIF goes through QSaveFile, ffmpeg writes a temporary file renamed over the target at the
/// end, PNG frames are written into a temporary folder and moved in only when all are done.

namespace rope::ui {

/// \brief Animation containers; chosen from the output path.
enum class AnimationFormat { PngSequence, Gif, Mp4, WebM };

/// \brief A failed animation export; what() names the path, the program or the reason.
class AnimationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// \brief PngSequence for a path ending in '/' or naming an existing folder without an
/// animation extension, else from the extension (.gif .mp4 .webm, any case; an existing folder
/// named X.gif is a GIF target, which the writer refuses); nullopt for anything else.
std::optional<AnimationFormat> animationFormatForPath(const QString& out);

/// \brief "PNG frames", "GIF", "MP4", "WebM".
QString animationFormatName(AnimationFormat format);

/// \brief The ffmpeg executable on PATH, or empty when it is not installed.
QString ffmpegProgram();

/// \brief Name of frame \p k (0-based) in a PNG sequence: "frame-0001.png" for k = 0.
QString animationFrameName(int k);

/// \brief Receives the frames of one animation. Destroying a writer before finish() discards
/// everything it wrote (a cancelled or failed export leaves no file).
class AnimationWriter {
public:
    /// \brief A frame made ready for the file by encode(): a PNG file, a GIF frame's colour
    /// indices (one byte a pixel) with its 256-entry RGB palette, or tightly packed RGB pixels.
    struct EncodedFrame {
        QByteArray bytes;
        QByteArray palette;
    };
    /// \brief The slow part of adding frame \p index (any size: converted to the size given at
    /// opening): PNG compression, GIF colour quantisation, pixel packing. \throws AnimationError.
    using Encoder = std::function<EncodedFrame(const QImage& frame, int index)>;
    virtual ~AnimationWriter() = default;
    /// \brief This writer's Encoder. It owns copies of what was fixed at opening and never
    /// touches the writer, so it may run on a worker thread even after the writer is gone (a
    /// writer itself must stay on its thread: the video writer owns an ffmpeg QProcess).
    virtual Encoder encoder() const = 0;
    /// \brief encoder()(frame, index). \throws AnimationError.
    EncodedFrame encode(const QImage& frame, int index) const { return encoder()(frame, index); }
    /// \brief Appends a frame from encode(), in order (on the writer's own thread).
    /// \throws AnimationError.
    virtual void addEncoded(const EncodedFrame& frame) = 0;
    /// \brief encode() and addEncoded() in one step. \throws AnimationError.
    void addFrame(const QImage& frame, int index) { addEncoded(encode(frame, index)); }
    /// \brief Completes the file (or folder) and puts it in place. \return the paths written.
    /// \throws AnimationError.
    virtual QStringList finish() = 0;
};

/// \brief A writer for \p format at \p out, frames \p frameSize pixels, \p fps frames per
/// second. Opening checks what can be checked before any rendering: the folder is writable,
/// ffmpeg is installed (MP4/WebM), the process starts.
/// \throws AnimationError naming the problem.
std::unique_ptr<AnimationWriter> openAnimationWriter(AnimationFormat format, const QString& out,
                                                     QSize frameSize, double fps);

/// \brief Everything one export needs: the panel, its starting parameters and options, the sweep.
struct AnimationJob {
    const figures::Figure* figure = nullptr;
    rope::RopeParams params;
    FigureOptions options;
    figures::AnimationSweep sweep;
    double fps = 10;
    QSize size{800, 500};
    QString out;
};

/// \brief Smallest and largest frame rate offered: GIF delays are whole hundredths of a
/// second and viewers treat delays under 2/100 s as 1/10 s, so 50 fps is the GIF limit; video
/// players handle 60.
inline constexpr double kMinAnimationFps = 1;
inline constexpr double kMaxAnimationFps = 60;

/// \brief \p options with the plot-size keys a figure reads, for frames drawn on \p plot
/// (resized to the job's size).
FigureOptions animationOptions(QCustomPlot& plot, const AnimationJob& job);

/// \brief Frame \p k's data: the job's parameters and \p sizedOptions with the sweep's value
/// for k, through figures::figureData(). Pure (runs on a worker thread).
/// \throws rope::InvalidParameter from core.
FigureData animationFrameData(const AnimationJob& job, const FigureOptions& sizedOptions, int k);
/// \brief The same, stopping when \p stop is set (figures::figureDataUnless()): nullopt then.
std::optional<FigureData> animationFrameData(const AnimationJob& job,
                                             const FigureOptions& sizedOptions, int k,
                                             const std::atomic<bool>& stop);

/// \brief Draws \p data on \p plot and grabs it at the job's size.
QImage drawAnimationFrame(QCustomPlot& plot, const FigureData& data, QSize size);

/// \brief The whole export, blocking (rope-cli). \return the paths written.
/// \throws AnimationError, rope::InvalidParameter.
QStringList exportAnimation(const AnimationJob& job);

/// \brief The same export for the GUI, frame by frame, on one JobRunner: each frame's data is
/// computed on a worker thread; the GUI thread draws it on the plot and records the painting
/// (quick: no pixels, figure_export.h's FigureSnapshot); a worker rasterises and encodes it
/// (AnimationWriter::encoder()); the GUI thread appends the encoded frame. The window stays
/// responsive and the export can be cancelled between frames (the writer is then discarded).
class AnimationExporter : public QObject {
    Q_OBJECT

public:
    explicit AnimationExporter(AnimationJob job, QObject* parent = nullptr);
    ~AnimationExporter() override;
    /// \brief Opens the writer and starts the first frame; errors arrive through finished().
    void start();
    /// \brief Stops the frame being computed (a figure with a job within a certified step of
    /// its search, any other after its frame); nothing is written. Emits finished().
    void cancel();
    const AnimationJob& job() const noexcept { return m_job; }

signals:
    /// \p done frames of job().sweep.frames are encoded.
    void progress(int done);
    /// The export ended: \p written holds the paths on success; \p error is empty on success
    /// and on cancel (\p cancelled true).
    void finished(const QStringList& written, const QString& error, bool cancelled);

private:
    struct Frame {
        FigureData data;
        QString error;
    };
    struct Encoded {
        AnimationWriter::EncodedFrame frame;
        QString error;
    };
    void computeFrame();
    void frameComputed(const Frame& frame);
    void frameEncoded(const Encoded& encoded);
    void endCancelled();
    void fail(const QString& error);

    AnimationJob m_job;
    FigureOptions m_sizedOptions;
    std::unique_ptr<QCustomPlot> m_plot;
    std::unique_ptr<AnimationWriter> m_writer;
    int m_next = 0;
    bool m_cancelled = false;
    bool m_done = false;
    /// Read by the frame being computed (a base-bound job stops inside core's sweep): set by
    /// cancel(); the runner's own flag stops it when the exporter is destroyed.
    std::shared_ptr<std::atomic<bool>> m_stop = std::make_shared<std::atomic<bool>>(false);
    /// Runs the frames' and the encodings' tasks one after another. Declared last, so destroyed
    /// first: no result of a task reaches the members above once they are gone.
    JobRunner m_runner;
};

} // namespace rope::ui
