// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/course.h"
#include "figures/figure_registry.h"
#include "ui/course_answers.h"

#include <QWidget>
#include <optional>
#include <string_view>

class QCustomPlot;
class QLabel;
class QMenu;
class QTextBrowser;

namespace rope::ui {

class ExplorerState;
class FigurePanel;
class JobRunner;
class MainWindow;

/// \brief Presenter mode (View ▸ Presenter mode, F5): one panel full screen in large print for
/// a lecture hall — the figure drawn again by the shared renderer with setPresentationStyle()
/// (fonts and lines scaled to the screen: about 2.2× at 1920×1080), beside the course step's
/// title, task and question (or the panel's lesson) in large type.
///
/// A separate top-level window (objectName "presenter"): the main window is never resized,
/// re-laid out or restyled, so leaving (Esc) shows it exactly as it was. Keys, as presentation
/// clickers send them: PageDown, Right, Down, Space → next course step; PageUp, Left, Up,
/// Backspace → previous; Return shows or hides the step's worked solution; Esc leaves.
/// It follows the explorer: whatever panel, parameters and options the main window shows are
/// what it draws (each frame computed on a worker thread at the presenter's plot size).
class PresenterWindow : public QWidget {
    Q_OBJECT

public:
    /// \param scale font and line scale (presenterScale()).
    PresenterWindow(ExplorerState& state, double scale, QWidget* parent = nullptr);
    /// \brief 2.2 × the screen height / 1080 px, within [1.5, 4.5]: tick labels of about
    /// 20 pt on a 1080p projector, readable from 15 m.
    static double presenterScale(QSize screen);
    ~PresenterWindow() override;

    /// \brief Draws \p panel's figure (its current options) and shows \p step's texts, or the
    /// panel's lesson when \p step is null. The step's answer is read from \p answers (never
    /// computed here); while it is not ready the explanation says so (present() again on
    /// CourseAnswers::ready).
    void present(const FigurePanel& panel, const figures::CourseStep* step, int stepIndex,
                 int stepCount, CourseAnswers* answers = nullptr);
    /// \brief The large-print plot.
    QCustomPlot* plot() const noexcept { return m_plot; }
    /// \brief Font and line scale in use (from the window height: 2.2 at 1080 px).
    double scale() const noexcept { return m_scale; }
    /// \brief True while a frame is being computed.
    bool busy() const;

signals:
    /// The presenter asks for the course step \p delta steps away (+1 next, −1 previous).
    void stepRequested(int delta);
    /// Return showed the worked solution: a predict step's panel moves to its reveal.
    void solutionShown();
    /// Esc: the presenter closed.
    void left();
    /// A new frame is on screen.
    void rendered();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void compute();
    void showTexts();

    ExplorerState& m_state;
    QCustomPlot* m_plot;
    QLabel* m_header;
    QTextBrowser* m_text;
    double m_scale = 2.2;
    const figures::Figure* m_figure = nullptr;
    figures::FigureOptions m_options;
    QString m_lesson;
    /// Builds the lesson's idea and misconception off the GUI thread: a lesson's numbers (b*
    /// searches among them) can take seconds the first time.
    JobRunner* m_lessonRunner = nullptr;
    std::string_view m_lessonFor;
    std::optional<figures::CourseText> m_stepText;
    QStringList m_choiceTexts; ///< the step's choices in course order (choice, predict)
    QString m_stepHeader;
    bool m_explanationShown = false;
    bool m_answerPending = false;
    /// Computes the frames: a newer state cancels the running one and the window's closing
    /// cancels it too, so a b* search or landscape stops inside core's sweep instead of
    /// running out.
    JobRunner* m_frameRunner = nullptr;
};

/// \brief Adds View ▸ Presenter mode (F5, objectName "presenter-mode") to \p view.
void addPresenterAction(MainWindow& window, QMenu* view);

/// \brief Opens presenter mode on \p window's visible panel, full screen on the window's
/// screen (or as a \p size window: screenshots), following the window's panel, parameters,
/// options and course step until Esc. \return the presenter (deleted when closed).
PresenterWindow* openPresenter(MainWindow& window, QSize size = {});

} // namespace rope::ui
