import Tweening
