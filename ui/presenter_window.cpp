// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/presenter_window.h"

#include "figures/figure_unless.h"
#include "figures/language.h"
#include "figures/lessons.h"
#include "ui/course_pane.h"
#include "ui/explorer_state.h"
#include "ui/job_runner.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/render/draw_figure.h"
#include "ui/render/frame_plot.h"

#include <QCloseEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QScreen>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace rope::ui {

double PresenterWindow::presenterScale(QSize screen) {
    return std::clamp(2.2 * screen.height() / 1080.0, 1.5, 4.5);
}

PresenterWindow::PresenterWindow(ExplorerState& state, double scale, QWidget* parent)
    : QWidget(parent, Qt::Window), m_state(state), m_plot(new FramePlot(this)),
      m_header(new QLabel(this)), m_text(new QTextBrowser(this)), m_scale(scale) {
    setObjectName(QStringLiteral("presenter"));
    m_lessonRunner = new JobRunner(this);
    m_frameRunner = new JobRunner(this);
    setWindowTitle(tr("RoPE Explorer — presenter mode (Esc leaves)"));
    // Plain white and black: projectors wash out greys and pastel backgrounds.
    setAutoFillBackground(true);
    QPalette palette = this->palette();
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    setPalette(palette);

    setPresentationStyle(*m_plot, m_scale);
    m_plot->setFocusPolicy(Qt::NoFocus);

    QFont headerFont = font();
    headerFont.setPointSizeF(headerFont.pointSizeF() * m_scale * 1.3);
    headerFont.setBold(true);
    m_header->setObjectName(QStringLiteral("presenter-header"));
    m_header->setFont(headerFont);
    m_header->setWordWrap(true);
    QFont textFont = font();
    textFont.setPointSizeF(textFont.pointSizeF() * m_scale * 1.15);
    m_text->setObjectName(QStringLiteral("presenter-text"));
    m_text->setFont(textFont);
    m_text->setFrameShape(QFrame::NoFrame);
    m_text->setFocusPolicy(Qt::NoFocus);
    m_text->setOpenExternalLinks(true);

    auto* body = new QHBoxLayout;
    body->setSpacing(int(12 * m_scale));
    // The figure keeps two thirds of the width; the text column is about 35 characters of
    // large type, enough for a task and a question without scrolling.
    body->addWidget(m_plot, 68);
    body->addWidget(m_text, 32);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(int(10 * m_scale), int(6 * m_scale), int(10 * m_scale),
                               int(6 * m_scale));
    layout->addWidget(m_header);
    layout->addLayout(body, 1);
    setFocusPolicy(Qt::StrongFocus);

    connect(m_frameRunner, &JobRunner::failed, this, [this](const QString& reason) {
        m_header->setText(m_stepHeader + QStringLiteral(" — ") + reason);
        emit rendered();
    });
}

// The runners are children: destroying them cancels a running frame, whose task holds only
// copies, so the window need not wait for it.
PresenterWindow::~PresenterWindow() = default;

bool PresenterWindow::busy() const {
    return m_frameRunner->isBusy();
}

void PresenterWindow::present(const FigurePanel& panel, const figures::CourseStep* step,
                              int stepIndex, int stepCount, CourseAnswers* answers) {
    m_figure = &panel.figure();
    m_options = panel.persistentOptions();
    const QString title = QCoreApplication::translate("Figures", m_figure->title);
    if (step != nullptr) {
        // From the cache only: a step's answer can take a third of a second, and the presenter
        // is redrawn on every page turn. A failed answer leaves {{answer}} unfilled.
        double answer = std::nan("");
        const std::optional<CourseValue> cached =
            answers != nullptr ? answers->value(*step) : std::nullopt;
        m_answerPending = answers != nullptr && !cached;
        if (cached && cached->error.isEmpty()) {
            answer = cached->value;
        }
        const figures::CourseText text = step->text(QLocale().name(), answer);
        if (!m_stepText || m_stepText->title != text.title) {
            m_explanationShown = false;
        }
        m_stepText = text;
        m_choiceTexts.clear();
        for (const figures::CourseChoice& choice : step->choices) {
            m_choiceTexts << text.choices.value(choice.id);
        }
        m_stepHeader = tr("Step %1 of %2 · %3").arg(stepIndex + 1).arg(stepCount).arg(text.title);
    } else {
        m_stepText.reset();
        m_stepHeader = title;
        // On a projector the idea and the misconception, in the interface's language; the
        // panel's own help stays in the main window.
        if (m_lessonFor != m_figure->id) {
            m_lessonFor = m_figure->id;
            m_lesson = QStringLiteral("<p>%1</p>").arg(tr("Loading the lesson…").toHtmlEscaped());
            const std::string_view id = m_figure->id;
            const QString language = figures::currentLanguage();
            m_lessonRunner->start([this, id, language](const RunControl&) -> std::function<void()> {
                QString html = figures::lessonSection(id, language, "idea") +
                               figures::lessonSection(id, language, "misconception");
                return [this, html = std::move(html)] {
                    m_lesson = html;
                    if (!m_stepText) {
                        showTexts();
                    }
                };
            });
        }
    }
    showTexts();
    compute();
}

void PresenterWindow::showTexts() {
    m_header->setText(m_stepHeader);
    if (!m_stepText) {
        m_text->setHtml(m_lesson);
        return;
    }
    QString html = QStringLiteral("<p>%1</p><p><b>%2</b></p>")
                       .arg(m_stepText->task.toHtmlEscaped(), m_stepText->question.toHtmlEscaped());
    if (!m_choiceTexts.isEmpty()) {
        // Lettered as a class answers them (hands up for A, B, C).
        html += QStringLiteral("<ol type=\"A\">");
        for (const QString& choice : m_choiceTexts) {
            html += QStringLiteral("<li>%1</li>").arg(choice.toHtmlEscaped());
        }
        html += QStringLiteral("</ol>");
    }
    if (m_explanationShown && m_answerPending) {
        html += QStringLiteral("<hr><p>%1</p>").arg(tr("Computing the answer…").toHtmlEscaped());
    } else if (m_explanationShown) {
        html += QStringLiteral("<hr><p>%1</p>")
                    .arg(m_stepText->solution.toHtmlEscaped().replace(QLatin1Char('\n'),
                                                                      QStringLiteral("<br>")));
    } else {
        html +=
            QStringLiteral("<p style=\"color:#555\">%1</p>")
                .arg(tr("Return: show the worked solution · Page Down: next step").toHtmlEscaped());
    }
    m_text->setHtml(html);
}

void PresenterWindow::compute() {
    if (m_figure == nullptr) {
        return;
    }
    // Computed for the presenter's own axis rectangle, so sampled curves use its resolution.
    const figures::FigureOptions options = withPlotSize(*m_plot, m_options);
    m_frameRunner->start([this, figure = m_figure, params = m_state.params(),
                          options](const RunControl& control) -> std::function<void()> {
        std::optional<figures::FigureData> data =
            figures::figureDataUnless(*control.flag(), *figure, params, options);
        if (!data) {
            return {}; // superseded or the window closed: nothing to draw
        }
        // Shared, not copied: the closure is copied on its way to the GUI thread.
        auto frame = std::make_shared<const figures::FigureData>(std::move(*data));
        return [this, frame] {
            drawFigure(*m_plot, *frame);
            m_plot->replot();
            emit rendered();
        };
    });
}

void PresenterWindow::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Escape:
        close();
        return;
    case Qt::Key_PageDown:
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_Space:
        emit stepRequested(1);
        return;
    case Qt::Key_PageUp:
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_Backspace:
        emit stepRequested(-1);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        m_explanationShown = !m_explanationShown;
        showTexts();
        if (m_explanationShown) {
            emit solutionShown();
        }
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void PresenterWindow::closeEvent(QCloseEvent* event) {
    emit left();
    QWidget::closeEvent(event);
}

void PresenterWindow::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    compute(); // figures compute at the plot's pixel size
}

void addPresenterAction(MainWindow& window, QMenu* view) {
    QAction* action =
        view->addAction(PresenterWindow::tr("&Presenter mode"), QKeySequence(Qt::Key_F5), &window,
                        [&window] { openPresenter(window); });
    action->setObjectName(QStringLiteral("presenter-mode"));
    action->setToolTip(PresenterWindow::tr(
        "The visible panel full screen in large print; Page Down/Up step through the course, "
        "Esc leaves."));
}

PresenterWindow* openPresenter(MainWindow& window, QSize size) {
    // One presenter at a time: F5 again brings the open one to the front.
    if (auto* open = window.findChild<PresenterWindow*>(QStringLiteral("presenter"))) {
        open->raise();
        open->activateWindow();
        return open;
    }
    QScreen* screen = window.screen();
    const QSize target = size.isValid() ? size : screen->geometry().size();
    // A child of the main window (so it is found and deleted with it) but its own top-level
    // window: the main window's geometry, docks and styles are never touched.
    auto* presenter =
        new PresenterWindow(window.state(), PresenterWindow::presenterScale(target), &window);
    presenter->setAttribute(Qt::WA_DeleteOnClose);
    const auto refresh = [&window, presenter] {
        FigurePanel* panel = window.currentPanel();
        if (panel == nullptr) {
            return;
        }
        CoursePane* course = window.course();
        const std::vector<figures::CourseStep>* steps = nullptr;
        try {
            steps = &figures::builtinCourse();
        } catch (const figures::CourseError&) {
            steps = nullptr; // the course pane already says why
        }
        const bool onStep = course != nullptr && steps != nullptr && !steps->empty() &&
                            course->currentStep().panel == panel->objectName();
        presenter->present(*panel, onStep ? &course->currentStep() : nullptr,
                           course != nullptr ? course->currentIndex() : 0,
                           steps != nullptr ? int(steps->size()) : 0,
                           course != nullptr ? &course->answers() : nullptr);
    };
    QObject::connect(&window.state(), &ExplorerState::paramsChanged, presenter, refresh);
    QObject::connect(window.pages(), &QStackedWidget::currentChanged, presenter, refresh);
    for (FigurePanel* panel : window.panels()) {
        QObject::connect(panel, &FigurePanel::optionsChanged, presenter, refresh);
    }
    if (CoursePane* course = window.course()) {
        QObject::connect(course, &CoursePane::openStep, presenter, refresh);
        QObject::connect(&course->answers(), &CourseAnswers::ready, presenter, refresh);
        // Predict steps in class: the prediction is made aloud, Return reveals it.
        QObject::connect(presenter, &PresenterWindow::solutionShown, course,
                         &CoursePane::commitPrediction);
        QObject::connect(
            presenter, &PresenterWindow::stepRequested, course, [&window, course](int delta) {
                // Away from the course (another panel shown), "next" first opens
                // the current step rather than skipping it.
                const FigurePanel* shown = window.currentPanel();
                const bool onStep =
                    shown != nullptr && shown->objectName() == course->currentStep().panel;
                course->setCurrentIndex(course->currentIndex() + (onStep || delta < 0 ? delta : 0));
            });
    }
    if (size.isValid()) {
        presenter->resize(size);
        presenter->show();
    } else {
        presenter->setGeometry(screen->geometry());
        presenter->showFullScreen();
    }
    presenter->activateWindow();
    presenter->setFocus();
    refresh();
    return presenter;
}

} // namespace rope::ui
