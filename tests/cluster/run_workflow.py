#!/usr/bin/env python3
"""Runs a GitHub Actions workflow's jobs on this machine, one after the other, the way a runner
would: jobs in the order of their `needs`, each matrix combination as a job of its own, in a
workspace emptied before each job (the same path for all, as a runner's), every `run:` step's
script with `bash --noprofile --norc -eo pipefail` (the runner's bash), `${{ ... }}` replaced by
the matrix, strategy, inputs and env values, and the actions the workflow uses stood in for:

  actions/checkout          copies the files of --repo into the workspace
  actions/upload-artifact   copies `path` to ARTIFACTS/<name> (a directory: its contents)
  actions/download-artifact copies artifact `name` into `path`, or each one matching `pattern`
                            into `path`/<its name>

Steps whose name ends with "(CI only)" (installing packages and building) are not run: --prebuilt
DIR stands in for them (the workspace's build/ becomes a link to DIR, an already built tree).

usage: run_workflow.py WORKFLOW --workdir DIR --repo DIR --prebuilt DIR [--input NAME=VALUE]...
Exit 0 when every job succeeded; the first failing step stops the run (exit 1, its name printed).
"""
import argparse
import fnmatch
import itertools
import os
import re
import shutil
import subprocess
import sys

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def substitute(text, context):
    """Replaces each ${{ a.b }} by its value; anything but a plain dotted name is refused."""

    def value(match):
        name = match.group(1)
        if not re.fullmatch(r"[A-Za-z_][\w-]*(\.[\w-]+)*", name):
            raise SystemExit(f"run_workflow: expression not supported here: ${{{{ {name} }}}}")
        node = context
        for part in name.split("."):
            if not isinstance(node, dict) or part not in node:
                raise SystemExit(f"run_workflow: unknown value ${{{{ {name} }}}}")
            node = node[part]
        return str(node)

    return EXPRESSION.sub(value, str(text))


def job_order(jobs):
    """The jobs' ids, each after every job it needs."""
    done, order = set(), []
    while len(order) < len(jobs):
        ready = [job for job, spec in jobs.items() if job not in done
                 and set(as_list(spec.get("needs"))) <= done]
        if not ready:
            raise SystemExit("run_workflow: the jobs' needs form a cycle")
        for job in ready:
            done.add(job)
            order.append(job)
    return order


def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def matrix_runs(spec):
    """One dict of matrix values per job to run (no include/exclude: this workflow has none)."""
    matrix = (spec.get("strategy") or {}).get("matrix")
    if not matrix:
        return [{}]
    if set(matrix) & {"include", "exclude"}:
        raise SystemExit("run_workflow: matrix include/exclude not supported")
    names = list(matrix)
    return [dict(zip(names, values)) for values in itertools.product(*(matrix[n] for n in names))]


def empty_dir(path):
    if os.path.lexists(path):
        shutil.rmtree(path)
    os.makedirs(path)


def copy_into(source, target):
    """Copies a file, or a directory's contents, into the directory target."""
    os.makedirs(target, exist_ok=True)
    if os.path.isdir(source):
        shutil.copytree(source, target, dirs_exist_ok=True, symlinks=False)
    else:
        shutil.copy2(source, target)


def use_action(step, context, args):
    action = step["uses"].split("@")[0]
    given = {key: substitute(value, context) for key, value in (step.get("with") or {}).items()}
    workspace, artifacts = args.workdir, os.path.join(args.workdir + ".artifacts")
    if action == "actions/checkout":
        copy_into(args.repo, workspace)
    elif action == "actions/upload-artifact":
        source = os.path.join(workspace, given["path"])
        if not os.path.exists(source):
            raise SystemExit(f"run_workflow: upload-artifact: no files at {given['path']}")
        target = os.path.join(artifacts, given["name"])
        if os.path.exists(target):
            raise SystemExit(f"run_workflow: upload-artifact: artifact {given['name']} uploaded twice")
        copy_into(source, target)
    elif action == "actions/download-artifact":
        target = os.path.join(workspace, given.get("path", "."))
        if "name" in given:
            copy_into(os.path.join(artifacts, given["name"]), target)
        else:
            names = sorted(n for n in os.listdir(artifacts) if fnmatch.fnmatch(n, given["pattern"]))
            if not names:
                raise SystemExit(f"run_workflow: download-artifact: nothing matches {given['pattern']}")
            for name in names:
                copy_into(os.path.join(artifacts, name), os.path.join(target, name))
    else:
        raise SystemExit(f"run_workflow: action {action} has no stand-in")


def run_step(step, context, env, args):
    name = step.get("name") or step.get("uses") or step["run"].splitlines()[0]
    name = substitute(name, context)
    if "uses" in step:
        print(f"run_workflow:   {name}", flush=True)
        use_action(step, context, args)
        return
    if name.endswith("(CI only)"):
        print(f"run_workflow:   {name}: skipped, build/ -> {args.prebuilt}", flush=True)
        os.symlink(args.prebuilt, os.path.join(args.workdir, "build"))
        return
    step_env = dict(env)
    step_env.update({k: substitute(v, context) for k, v in (step.get("env") or {}).items()})
    script = substitute(step["run"], context)
    print(f"run_workflow:   {name}", flush=True)
    done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                          cwd=args.workdir, env=step_env)
    if done.returncode != 0:
        raise SystemExit(f"run_workflow: step '{name}' failed with exit code {done.returncode}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("workflow")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--prebuilt", required=True)
    parser.add_argument("--input", action="append", default=[])
    args = parser.parse_args()
    with open(args.workflow) as file:
        workflow = yaml.safe_load(file)
    # YAML 1.1 reads the key `on` as True.
    triggers = workflow.get("on", workflow.get(True)) or {}
    inputs = {name: spec.get("default", "") for name, spec in
              ((triggers.get("workflow_dispatch") or {}).get("inputs") or {}).items()}
    inputs.update(item.split("=", 1) for item in args.input)
    shutil.rmtree(args.workdir + ".artifacts", ignore_errors=True)
    for job in job_order(workflow["jobs"]):
        spec = workflow["jobs"][job]
        runs = matrix_runs(spec)
        for index, matrix in enumerate(runs):
            print(f"run_workflow: job {job} {matrix or ''}".rstrip(), flush=True)
            empty_dir(args.workdir)
            context = {"matrix": matrix, "inputs": inputs,
                       "strategy": {"job-index": index, "job-total": len(runs)}}
            env = dict(os.environ)
            env.update({k: substitute(v, context) for k, v in (workflow.get("env") or {}).items()})
            env.update({k: substitute(v, context) for k, v in (spec.get("env") or {}).items()})
            context["env"] = env
            for step in spec["steps"]:
                run_step(step, context, env, args)
    print("run_workflow: every job succeeded")


if __name__ == "__main__":
    sys.exit(main())
