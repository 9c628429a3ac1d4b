// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/course_pane.h"

#include "figures/language.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace rope::ui {

namespace {
const QString kStepKey = QStringLiteral("course/step");
const QString kSolvedKey = QStringLiteral("course/solved");
} // namespace

CoursePane::CoursePane(const std::vector<figures::CourseStep>& steps, bool persistent,
                       QWidget* parent, CourseAnswers* answers)
    : QWidget(parent), m_steps(steps), m_persistent(persistent),
      m_answers(answers != nullptr ? answers : new CourseAnswers(this)), m_title(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_task(new QTextBrowser(this)),
      m_question(new QLabel(this)), m_answer(new QLineEdit(this)),
      m_check(new QPushButton(tr("&Check"), this)), m_verdict(new QLabel(this)),
      m_explanation(new QTextBrowser(this)), m_previous(new QPushButton(tr("&Previous"), this)),
      m_next(new QPushButton(tr("&Next"), this)),
      m_reveal(new QPushButton(tr("Show &answer"), this)) {
    setObjectName(QStringLiteral("course-pane"));
    m_title->setObjectName(QStringLiteral("course-title"));
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_progress->setObjectName(QStringLiteral("course-progress"));
    m_progress->setRange(0, static_cast<int>(m_steps.size()));
    m_progress->setFormat(tr("%v of %m solved"));
    m_task->setObjectName(QStringLiteral("course-task"));
    m_task->setFrameShape(QFrame::NoFrame);
    m_task->setAccessibleName(tr("Course task"));
    m_question->setObjectName(QStringLiteral("course-question"));
    m_question->setWordWrap(true);
    m_question->setFont(bold);
    m_answer->setObjectName(QStringLiteral("course-answer"));
    m_answer->setPlaceholderText(tr("Your answer (a number)"));
    m_answer->setAccessibleName(tr("Your answer"));
    m_check->setObjectName(QStringLiteral("course-check"));
    m_verdict->setObjectName(QStringLiteral("course-verdict"));
    m_verdict->setWordWrap(true);
    m_explanation->setObjectName(QStringLiteral("course-explanation"));
    m_explanation->setFrameShape(QFrame::NoFrame);
    m_explanation->setAccessibleName(tr("Explanation"));
    m_previous->setObjectName(QStringLiteral("course-previous"));
    m_next->setObjectName(QStringLiteral("course-next"));
    m_reveal->setObjectName(QStringLiteral("course-reveal"));
    auto* reopen = new QPushButton(tr("&Reset panel"), this);
    reopen->setObjectName(QStringLiteral("course-reopen"));
    reopen->setToolTip(tr("Put the panel back in the state this step prepared"));

    // Rows of at most two buttons keep the pane narrow: it shares the sidebar with the panels.
    auto* answerRow = new QHBoxLayout;
    answerRow->addWidget(m_answer, 1);
    answerRow->addWidget(m_check);
    auto* helpRow = new QHBoxLayout;
    helpRow->addWidget(m_reveal);
    helpRow->addWidget(reopen);
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addWidget(m_next);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_progress);
    layout->addWidget(m_task, 2);
    layout->addWidget(m_question);
    layout->addLayout(answerRow);
    layout->addWidget(m_verdict);
    layout->addLayout(helpRow);
    layout->addWidget(m_explanation, 2);
    layout->addLayout(navigation);

    connect(m_check, &QPushButton::clicked, this, [this] { checkAnswer(m_answer->text()); });
    connect(m_answer, &QLineEdit::returnPressed, this, [this] { checkAnswer(m_answer->text()); });
    connect(m_reveal, &QPushButton::clicked, this, &CoursePane::revealAnswer);
    connect(m_previous, &QPushButton::clicked, this, [this] { setCurrentIndex(m_index - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setCurrentIndex(m_index + 1); });
    connect(reopen, &QPushButton::clicked, this, [this] { emit openStep(currentStep()); });
    connect(m_answers, &CourseAnswers::ready, this, &CoursePane::answerArrived);

    if (m_persistent) {
        QSettings settings;
        const QStringList solved = settings.value(kSolvedKey).toStringList();
        for (const QString& id : solved) {
            if (figures::findCourseStep(m_steps, id) != nullptr) {
                m_solved.insert(id);
            }
        }
        const QString current = settings.value(kStepKey).toString();
        for (std::size_t k = 0; k < m_steps.size(); ++k) {
            if (m_steps[k].id == current) {
                m_index = static_cast<int>(k);
            }
        }
    }
    showStep();
}

void CoursePane::setCurrentIndex(int index) {
    if (m_steps.empty()) {
        return;
    }
    m_index = std::clamp(index, 0, static_cast<int>(m_steps.size()) - 1);
    showStep();
    save();
    emit openStep(currentStep());
}

bool CoursePane::answerReady() const {
    return !m_steps.empty() && m_answers->value(currentStep()).has_value();
}

void CoursePane::showStep() {
    if (m_steps.empty()) {
        m_title->setText(tr("The course has no steps."));
        return;
    }
    m_waiting = Waiting::Nothing;
    m_answer->clear();
    m_explanation->clear();
    m_reveal->setEnabled(false);
    m_previous->setEnabled(m_index > 0);
    m_next->setEnabled(m_index + 1 < static_cast<int>(m_steps.size()));
    showTexts();
    updateProgress();
}

void CoursePane::showTexts() {
    const figures::CourseStep& step = currentStep();
    const std::optional<CourseValue> answer = m_answers->value(step);
    const figures::CourseText text =
        step.text(figures::currentLanguage(),
                  answer && answer->error.isEmpty() ? answer->value : std::nan(""));
    m_title->setText(tr("Step %1 of %2: %3").arg(m_index + 1).arg(m_steps.size()).arg(text.title));
    m_task->setPlainText(text.task);
    m_question->setText(text.question);
    if (!answer) {
        m_verdict->setText(tr("Computing the answer…"));
    } else {
        m_verdict->setText(answer->error);
    }
}

void CoursePane::answerArrived(const QString& stepId) {
    if (m_steps.empty() || stepId != currentStep().id) {
        return; // an earlier step's answer: cached for when the user comes back
    }
    const Waiting waiting = std::exchange(m_waiting, Waiting::Nothing);
    showTexts();
    if (waiting == Waiting::Check) {
        checkAnswer(m_waitingText);
    } else if (waiting == Waiting::Reveal) {
        revealAnswer();
    }
}

bool CoursePane::checkAnswer(const QString& text) {
    if (m_steps.empty()) {
        return false;
    }
    const figures::CourseStep& step = currentStep();
    bool ok = false;
    // Accept both the C locale ("4096.5") and the user's ("4096,5").
    double value = text.trimmed().toDouble(&ok);
    if (!ok) {
        value = QLocale().toDouble(text.trimmed(), &ok);
    }
    if (!ok || !std::isfinite(value)) {
        m_verdict->setText(
            tr("Not a number: '%1'. Type a number such as 46 or 0.94.").arg(text.trimmed()));
        return false;
    }
    const std::optional<CourseValue> answer = m_answers->value(step);
    if (!answer) {
        m_waiting = Waiting::Check;
        m_waitingText = text;
        m_verdict->setText(tr("Computing the answer… %1 will be checked when it is ready.")
                               .arg(figures::formatCourseNumber(value)));
        return false;
    }
    if (!answer->error.isEmpty()) {
        m_verdict->setText(answer->error);
        return false;
    }
    const double expected = answer->value;
    const bool correct = figures::isCourseAnswerCorrect(step, value, expected);
    const QString expectedText = figures::formatCourseNumber(expected);
    const QString toleranceText = figures::formatCourseNumber(step.tolerance);
    if (correct) {
        m_verdict->setText(
            step.tolerance > 0
                ? tr("Correct: the answer is %1 (±%2).").arg(expectedText, toleranceText)
                : tr("Correct: the answer is %1.").arg(expectedText));
        m_solved.insert(step.id);
        save();
        updateProgress();
    } else {
        // The answer stays hidden so the user can try again; Show answer reveals it.
        m_verdict->setText(step.tolerance > 0
                               ? tr("Not quite: %1 is more than ±%2 away. Try again, or press "
                                    "Show answer.")
                                     .arg(figures::formatCourseNumber(value), toleranceText)
                               : tr("Not quite: %1 is not it. Try again, or press Show answer.")
                                     .arg(figures::formatCourseNumber(value)));
        m_reveal->setEnabled(true);
        return false;
    }
    m_explanation->setPlainText(step.text(figures::currentLanguage(), expected).explanation);
    return correct;
}

void CoursePane::revealAnswer() {
    if (m_steps.empty()) {
        return;
    }
    const figures::CourseStep& step = currentStep();
    const std::optional<CourseValue> answer = m_answers->value(step);
    if (!answer) {
        m_waiting = Waiting::Reveal;
        m_verdict->setText(tr("Computing the answer…"));
        return;
    }
    if (!answer->error.isEmpty()) {
        m_verdict->setText(answer->error);
        return;
    }
    m_verdict->setText(tr("The answer is %1.").arg(figures::formatCourseNumber(answer->value)));
    m_explanation->setPlainText(step.text(figures::currentLanguage(), answer->value).explanation);
}

void CoursePane::updateProgress() {
    m_progress->setValue(static_cast<int>(m_solved.size()));
}

void CoursePane::save() const {
    if (!m_persistent || m_steps.empty()) {
        return;
    }
    QSettings settings;
    settings.setValue(kStepKey, currentStep().id);
    QStringList solved(m_solved.begin(), m_solved.end());
    solved.sort();
    settings.setValue(kSolvedKey, solved);
}

} // namespace rope::ui
