package io.dpbandit.sim.env;

import io.dpbandit.policy.JointFeatureMap;

/**
 * An environment whose mean reward is linear in a known joint feature vector: f(c, a) = ⟨θ*, φ(c, a)⟩
 * (clipped where the environment says so). The linear policies (LinUCB, JDP-LinUCB, OnlineUCB,
 * LDP-LinUCB) play on φ(c, a), exactly as the service feeds them through a bandit's feature map.
 */
public interface LinearEnvironment extends Environment {

    /** φ: how a context and an action's features give the action's feature vector. */
    JointFeatureMap featureMap();

    /** d, the dimension of φ(c, a). */
    default int featureDimension() {
        return featureMap().dimension(publicContexts().dimension(), actionFeatures().get(0).length);
    }
}
