"""Types whose objects live in Swift (OS::Swift::Container and the
SwiftSignal pair)."""
