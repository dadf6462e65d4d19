package org.atlasgraph.report;

import java.util.Arrays;

/**
 * Dijkstra's algorithm on a graph in compressed sparse row form (out-edges of vertex v are
 * {@code targets[offsets[v] .. offsets[v+1])} with non-negative {@code weights}), with an indexed binary heap. One
 * instance owns its work arrays and is not thread-safe; searches reuse them without reallocating.
 */
final class ShortestPaths {
    private final int[] offsets;
    private final int[] targets;
    private final double[] weights;
    private final double[] dist;
    private final int[] pred;
    private final int[] heap;
    private final int[] position;
    private final boolean[] settled;
    private int heapSize;

    ShortestPaths(int[] offsets, int[] targets, double[] weights) {
        this.offsets = offsets;
        this.targets = targets;
        this.weights = weights;
        int n = offsets.length - 1;
        this.dist = new double[n];
        this.pred = new int[n];
        this.heap = new int[n];
        this.position = new int[n];
        this.settled = new boolean[n];
    }

    /**
     * Runs a search from {@code source} until every vertex in {@code stopAfter} is settled (all vertices when it is
     * empty); then {@link #distance(int)} and {@link #path(int)} answer for the settled vertices.
     */
    void search(int source, int... stopAfter) {
        search(new int[] {source}, new double[] {0}, stopAfter);
    }

    /**
     * Runs a search from several sources, each starting at its own initial distance (a virtual source joined to them
     * by edges of those lengths), until every vertex in {@code stopAfter} is settled (all vertices when it is empty).
     */
    void search(int[] sources, double[] initial, int... stopAfter) {
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        Arrays.fill(pred, -1);
        Arrays.fill(position, -1);
        Arrays.fill(settled, false);
        heapSize = 0;
        int remaining = 0;
        boolean[] wanted = new boolean[dist.length];
        for (int t : stopAfter) {
            if (!wanted[t]) {
                remaining++;
            }
            wanted[t] = true;
        }
        for (int s = 0; s < sources.length; s++) {
            relax(sources[s], initial[s], -1);
        }
        while (heapSize > 0) {
            int v = pop();
            settled[v] = true;
            if (wanted[v] && --remaining == 0) {
                return;
            }
            double dv = dist[v];
            for (int e = offsets[v]; e < offsets[v + 1]; e++) {
                int w = targets[e];
                if (!settled[w]) {
                    relax(w, dv + weights[e], v);
                }
            }
        }
    }

    private void relax(int w, double d, int from) {
        if (d < dist[w]) {
            dist[w] = d;
            pred[w] = from;
            if (position[w] < 0) {
                push(w);
            } else {
                siftUp(position[w]);
            }
        }
    }

    /** @return the length of a shortest path from the last source, or +∞ when {@code v} was not reached */
    double distance(int v) {
        return settled[v] ? dist[v] : Double.POSITIVE_INFINITY;
    }

    /** @return the vertices of the shortest path from the last source to {@code v}, source first */
    int[] path(int v) {
        int length = 0;
        for (int w = v; w >= 0; w = pred[w]) {
            length++;
        }
        int[] path = new int[length];
        for (int w = v, i = length - 1; w >= 0; w = pred[w], i--) {
            path[i] = w;
        }
        return path;
    }

    private void push(int v) {
        heap[heapSize] = v;
        position[v] = heapSize;
        siftUp(heapSize++);
    }

    private int pop() {
        int top = heap[0];
        heapSize--;
        if (heapSize > 0) {
            heap[0] = heap[heapSize];
            position[heap[0]] = 0;
            siftDown(0);
        }
        position[top] = -1;
        return top;
    }

    private void siftUp(int i) {
        int v = heap[i];
        double d = dist[v];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int p = heap[parent];
            if (dist[p] <= d) {
                break;
            }
            heap[i] = p;
            position[p] = i;
            i = parent;
        }
        heap[i] = v;
        position[v] = i;
    }

    private void siftDown(int i) {
        int v = heap[i];
        double d = dist[v];
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && dist[heap[child + 1]] < dist[heap[child]]) {
                child++;
            }
            int c = heap[child];
            if (dist[c] >= d) {
                break;
            }
            heap[i] = c;
            position[c] = i;
            i = child;
        }
        heap[i] = v;
        position[v] = i;
    }
}
